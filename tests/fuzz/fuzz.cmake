# The core's fuzz driver, built when NORMLAB_FUZZ is on: normlab_fuzz_random runs seeded random
# programmes with any compiler; a libFuzzer build (clang, NORMLAB_LIBFUZZER) adds normlab_fuzz.
add_library(normlab_fuzz_programme STATIC ${CMAKE_SOURCE_DIR}/tests/fuzz/core_fuzz.cpp
                                          ${CMAKE_SOURCE_DIR}/tests/fuzz/json_check.cpp)
target_link_libraries(normlab_fuzz_programme PUBLIC normlab_report normlab_tutorial normlab_mnist)
target_compile_options(normlab_fuzz_programme PRIVATE ${NORMLAB_WARNINGS})

add_executable(normlab_fuzz_random ${CMAKE_SOURCE_DIR}/tests/fuzz/random_main.cpp)
target_link_libraries(normlab_fuzz_random PRIVATE normlab_fuzz_programme)
target_compile_options(normlab_fuzz_random PRIVATE ${NORMLAB_WARNINGS})

if(NORMLAB_LIBFUZZER)
  add_executable(normlab_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/libfuzzer_entry.cpp)
  target_link_libraries(normlab_fuzz PRIVATE normlab_fuzz_programme)
  target_compile_options(normlab_fuzz PRIVATE ${NORMLAB_WARNINGS})
  target_link_options(normlab_fuzz PRIVATE -fsanitize=fuzzer)
endif()
