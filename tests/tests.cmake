# The native tests: one Catch2 binary, its sources mirroring the source folders.
find_package(Catch2 REQUIRED)
include(Catch)
file(GLOB NORMLAB_TEST_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_SOURCE_DIR}/tests/support/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/core/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/crowd/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/report/*.cpp)
add_executable(normlab_tests ${NORMLAB_TEST_SOURCES})
target_include_directories(normlab_tests PRIVATE ${CMAKE_SOURCE_DIR}/tests/support)
target_link_libraries(normlab_tests PRIVATE normlab_report Catch2::Catch2)
target_compile_options(normlab_tests PRIVATE ${NORMLAB_WARNINGS})
target_compile_definitions(normlab_tests PRIVATE NORMLAB_FIXTURES="${CMAKE_SOURCE_DIR}/tests/fixtures")
catch_discover_tests(normlab_tests)
