# The native tests: one Catch2 binary, its sources mirroring the source folders.
find_package(Catch2 REQUIRED)
file(GLOB_RECURSE NORMLAB_TEST_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_SOURCE_DIR}/tests/support/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/core/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/crowd/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/report/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/tutorial/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/mnist/*.cpp
  ${CMAKE_SOURCE_DIR}/tests/transformer/*.cpp)
add_executable(normlab_tests ${NORMLAB_TEST_SOURCES})
target_include_directories(normlab_tests PRIVATE ${CMAKE_SOURCE_DIR}/tests/support)
target_link_libraries(normlab_tests PRIVATE normlab_report normlab_tutorial normlab_mnist normlab_transformer Catch2::Catch2)
target_compile_options(normlab_tests PRIVATE ${NORMLAB_WARNINGS})
target_compile_definitions(normlab_tests PRIVATE NORMLAB_FIXTURES="${CMAKE_SOURCE_DIR}/tests/fixtures")
# Catch2's single header and the core's, parsed once for the test files rather than once each; the
# file that defines CATCH_CONFIG_MAIN reads the header itself, after its define.
target_precompile_headers(normlab_tests PRIVATE <catch2/catch.hpp> ${CMAKE_SOURCE_DIR}/tests/support/helpers.hpp)
# That file is Catch2's runner alone, compiled on its own and unoptimised: 10 s against 20 s at -O2,
# and how fast the runner itself runs does not matter.
set_source_files_properties(${CMAKE_SOURCE_DIR}/tests/support/main.cpp PROPERTIES
  SKIP_PRECOMPILE_HEADERS ON SKIP_UNITY_BUILD_INCLUSION ON COMPILE_OPTIONS -O0)
# One CTest entry per test case, whatever its name holds; each fails if its filter runs nothing.
# The sanitized build's binary is run whole by scripts/test, not through CTest: it registers
# nothing, which spares 330 starts of a sanitized binary after each link (50 s).
if(NOT NORMLAB_SANITIZE AND NOT NORMLAB_LIBFUZZER)
  set(NORMLAB_CTEST_FILE ${CMAKE_BINARY_DIR}/normlab_tests_entries.cmake)
  add_custom_command(TARGET normlab_tests POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DTEST_EXECUTABLE=$<TARGET_FILE:normlab_tests> -DCTEST_FILE=${NORMLAB_CTEST_FILE}
            -P ${CMAKE_SOURCE_DIR}/tests/register_catch_tests.cmake
    VERBATIM)
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${NORMLAB_CTEST_FILE})
endif()
add_test(NAME cli COMMAND sh ${CMAKE_SOURCE_DIR}/tests/support/cli_test.sh $<TARGET_FILE:normlab>)

# Prints, natively, the state digest of each arrangement after one epoch on the first 512
# digits; the JavaScript test tests/mnist/native_equals_wasm.test.js compares the wasm's.
add_executable(normlab_mnist_digests ${CMAKE_SOURCE_DIR}/tests/programs/mnist_digests.cpp)
target_link_libraries(normlab_mnist_digests PRIVATE normlab_mnist)
target_compile_options(normlab_mnist_digests PRIVATE ${NORMLAB_WARNINGS})
target_compile_definitions(normlab_mnist_digests PRIVATE NORMLAB_MNIST_ASSET="${NORMLAB_MNIST_ASSET}")

# Prints, natively, the held-out digits each arrangement gets right after the batch-size sweep's
# small setting; tests/mnist/batch_size_sweep.test.js compares the wasm's.
add_executable(normlab_mnist_batch_size ${CMAKE_SOURCE_DIR}/tests/programs/mnist_batch_size.cpp)
target_link_libraries(normlab_mnist_batch_size PRIVATE normlab_mnist)
target_compile_options(normlab_mnist_batch_size PRIVATE ${NORMLAB_WARNINGS})
target_compile_definitions(normlab_mnist_batch_size PRIVATE NORMLAB_MNIST_ASSET="${NORMLAB_MNIST_ASSET}")
