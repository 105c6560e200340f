# The WebAssembly build of the same sources (included by CMakeLists.txt under emcmake).
# The page's modules, each one ES module + .wasm that serves the page, the worker and Node (which
# hands the wrapper the .wasm bytes itself, so the glue never fetches), each holding only the
# bindings of the widgets that load it, so a page downloads what its widgets call:
#   normlab_core           layer, crowd and crowd_csv bindings: the essay's widgets and workers;
#   normlab_tutorial_core  tutorial and transformer bindings: the tutorial's widgets and its
#                          Transformer worker;
#   normlab_mnist_core     mnist bindings: the MNIST lab's widgets and workers.
# Each of the three also holds spread_bindings.cpp (the spread over seeds, a few KB), since every
# chapter's chance-driven instruments summarise their seeds through it.
# web/src/core-module.js names the same three. The test module, normlab_core_test, holds every
# web/wasm/*_bindings.cpp plus test_exports.cpp (figures as JSON, heap in use), for tests/js.

# How C++ exceptions are caught inside the module: "wasm" (-fwasm-exceptions, native wasm
# exception handling) or "js" (-fexceptions, JavaScript-based invoke wrappers). Measured by
# scripts/bench; see docs/architecture.md ("The boundary").
set(NORMLAB_EXCEPTIONS "wasm" CACHE STRING "wasm or js")
# SIMD: every browser the page targets runs wasm SIMD (Chrome 91, Firefox 89, Safari 16.4), it
# makes the crowd trainings about 15% faster, and the figures stay bit-identical to native.
set(NORMLAB_SIMD ON CACHE BOOL "compile with -msimd128")

if(NORMLAB_EXCEPTIONS STREQUAL "wasm")
  set(NORMLAB_EH_FLAG -fwasm-exceptions)
else()
  set(NORMLAB_EH_FLAG -fexceptions)
endif()
target_compile_options(normlab_core PUBLIC ${NORMLAB_EH_FLAG})
if(NORMLAB_SIMD)
  target_compile_options(normlab_core PUBLIC -msimd128)
endif()

set(NORMLAB_PROFILING OFF CACHE BOOL "keep function names in the wasm (--profiling-funcs), for profiling")
set(NORMLAB_WASM_OUT ${CMAKE_SOURCE_DIR}/web/generated CACHE PATH "where the page's module is written")
set(NORMLAB_WASM_TEST_OUT ${CMAKE_BINARY_DIR}/test-module CACHE PATH "where the test module is written")

set(NORMLAB_BINDINGS_DIR ${CMAKE_SOURCE_DIR}/web/wasm)
file(GLOB NORMLAB_ALL_BINDINGS CONFIGURE_DEPENDS ${NORMLAB_BINDINGS_DIR}/*_bindings.cpp)

# normlab_wasm_module(TARGET OUTPUT_NAME OUT_DIR [MALLOC dlmalloc|emmalloc] LIBRARIES <libraries>
#                     SOURCES <bindings>)
function(normlab_wasm_module target output_name out_dir)
  cmake_parse_arguments(PARSE_ARGV 3 MODULE "" "MALLOC" "LIBRARIES;SOURCES")
  if(NOT MODULE_MALLOC)
    set(MODULE_MALLOC dlmalloc)
  endif()
  add_executable(${target} ${MODULE_SOURCES} ${NORMLAB_BINDINGS_DIR}/boundary.cpp)
  target_link_libraries(${target} PRIVATE ${MODULE_LIBRARIES})
  target_compile_options(${target} PRIVATE ${NORMLAB_WARNINGS})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${output_name}
    SUFFIX ".js"
    RUNTIME_OUTPUT_DIRECTORY ${out_dir})
  target_link_options(${target} PRIVATE
    --bind ${NORMLAB_EH_FLAG} -O2
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createNormlabCore
    -sENVIRONMENT=web,worker -sDYNAMIC_EXECUTION=0
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=4MB -sTOTAL_STACK=1MB
    -sFILESYSTEM=0 -sMALLOC=${MODULE_MALLOC}
    $<$<BOOL:${NORMLAB_PROFILING}>:--profiling-funcs>)
  # The glue's unused ENVIRONMENT_IS_NODE names Node's `process`, for which Parcel installs a
  # polyfill into an author's project: made `false` (scripts/glue-without-process.mjs).
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND node ${CMAKE_SOURCE_DIR}/scripts/glue-without-process.mjs $<TARGET_FILE:${target}>
    VERBATIM)
endfunction()

# emmalloc is ~7 KB smaller than dlmalloc (2.5 KB gzipped a module) but slower to allocate: the
# tutorial's views and the MNIST lab (whose training keeps its buffers) take it; the crowd module
# keeps dlmalloc, since the whole-crowd runs' records took ~0.4 ms (3%) longer with emmalloc.
normlab_wasm_module(normlab_wasm normlab_core ${NORMLAB_WASM_OUT}
  LIBRARIES normlab_report
  SOURCES ${NORMLAB_BINDINGS_DIR}/layer_bindings.cpp ${NORMLAB_BINDINGS_DIR}/crowd_bindings.cpp
          ${NORMLAB_BINDINGS_DIR}/crowd_csv_bindings.cpp ${NORMLAB_BINDINGS_DIR}/spread_bindings.cpp)
normlab_wasm_module(normlab_wasm_tutorial normlab_tutorial_core ${NORMLAB_WASM_OUT} MALLOC emmalloc
  LIBRARIES normlab_tutorial normlab_report
  SOURCES ${NORMLAB_BINDINGS_DIR}/tutorial_bindings.cpp ${NORMLAB_BINDINGS_DIR}/transformer_bindings.cpp
          ${NORMLAB_BINDINGS_DIR}/spread_bindings.cpp)
normlab_wasm_module(normlab_wasm_mnist normlab_mnist_core ${NORMLAB_WASM_OUT} MALLOC emmalloc
  LIBRARIES normlab_mnist
  SOURCES ${NORMLAB_BINDINGS_DIR}/mnist_bindings.cpp ${NORMLAB_BINDINGS_DIR}/spread_bindings.cpp)
normlab_wasm_module(normlab_wasm_test normlab_core_test ${NORMLAB_WASM_TEST_OUT}
  LIBRARIES normlab_report normlab_tutorial normlab_mnist
  SOURCES ${NORMLAB_ALL_BINDINGS} ${NORMLAB_BINDINGS_DIR}/test_exports.cpp)

# The crowd experiments' setup code (folds, standard units, first networks, accuracies) runs once
# per call and is not where the time goes; compiled for size, V8 compiles it sooner and faster.
# So is the layer values' training loop (crowd/training.cpp), which the page runs only where the
# lockstep engine (crowd/lockstep/, compiled for speed) hands a training back.
set_source_files_properties(${CMAKE_SOURCE_DIR}/crowd/crowd_experiments.cpp ${CMAKE_SOURCE_DIR}/crowd/training.cpp
                            PROPERTIES COMPILE_OPTIONS -Os)

# Code that runs once per call of a widget, not in the trainings' loops, compiled for size too:
# the bindings' conversions, the reports and views, the CSV reader, the gradient checker, the
# weight-normalised layer's few steps, the running traces and seed blocks, the refusals and number text. The
# essay's module 167.6 -> 148.2 KB gzipped; the crowd trainings' speed unchanged (bench/crowd.mjs).
file(GLOB NORMLAB_CALLED_ONCE_SOURCES ${CMAKE_SOURCE_DIR}/report/*.cpp ${NORMLAB_BINDINGS_DIR}/*_bindings.cpp)
list(APPEND NORMLAB_CALLED_ONCE_SOURCES
  ${CMAKE_SOURCE_DIR}/crowd/crowd_csv.cpp ${CMAKE_SOURCE_DIR}/core/gradient_check.cpp
  ${CMAKE_SOURCE_DIR}/core/weight_norm.cpp ${CMAKE_SOURCE_DIR}/core/running_trace.cpp
  ${CMAKE_SOURCE_DIR}/core/seed_blocks.cpp ${CMAKE_SOURCE_DIR}/core/errors.cpp
  ${CMAKE_SOURCE_DIR}/core/spread.cpp ${CMAKE_SOURCE_DIR}/core/seed_tally.cpp
  ${CMAKE_SOURCE_DIR}/core/number_text.cpp ${CMAKE_SOURCE_DIR}/core/json_writer.cpp)
# Not the MNIST bindings: every training call copies the network's 135,000 parameters in and out
# through them, and for size that copy made an epoch ~20% slower (0.17 -> 0.21 s under Node).
list(REMOVE_ITEM NORMLAB_CALLED_ONCE_SOURCES ${NORMLAB_BINDINGS_DIR}/mnist_bindings.cpp)
set_source_files_properties(${NORMLAB_CALLED_ONCE_SOURCES} PROPERTIES COMPILE_OPTIONS -Os)
