# The WebAssembly build of the same sources (included by CMakeLists.txt under emcmake).
# Two modules, each one ES module + .wasm that serves the page, the worker and Node (which hands
# the wrapper the .wasm bytes itself, so the glue never fetches):
#   normlab_core       what the page downloads: every web/wasm/*_bindings.cpp (layers, crowd, capabilities);
#   normlab_core_test  the same plus test_exports.cpp (figures as JSON, heap in use), for tests/js.

# How C++ exceptions are caught inside the module: "wasm" (-fwasm-exceptions, native wasm
# exception handling) or "js" (-fexceptions, JavaScript-based invoke wrappers). Measured by
# scripts/bench; see the README.
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

# Capabilities (tutorial/, mnist/, ...) add web/wasm/<name>_bindings.cpp and a normlab_<name> library.
file(GLOB NORMLAB_BINDINGS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/wasm/*bindings.cpp)
set(NORMLAB_BOUND_LIBRARIES normlab_report
  $<TARGET_NAME_IF_EXISTS:normlab_tutorial> $<TARGET_NAME_IF_EXISTS:normlab_mnist>)

function(normlab_wasm_module target output_name out_dir)
  add_executable(${target} ${NORMLAB_BINDINGS} ${CMAKE_SOURCE_DIR}/web/wasm/boundary.cpp ${ARGN})
  target_link_libraries(${target} PRIVATE ${NORMLAB_BOUND_LIBRARIES})
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
    -sFILESYSTEM=0
    $<$<BOOL:${NORMLAB_PROFILING}>:--profiling-funcs>)
endfunction()

normlab_wasm_module(normlab_wasm normlab_core ${NORMLAB_WASM_OUT})
normlab_wasm_module(normlab_wasm_test normlab_core_test ${NORMLAB_WASM_TEST_OUT}
  ${CMAKE_SOURCE_DIR}/web/wasm/test_exports.cpp)

# The crowd experiments' setup code (folds, standard units, first networks, accuracies) runs once
# per call and is not where the time goes; compiled for size, V8 compiles it sooner and faster.
set_source_files_properties(${CMAKE_SOURCE_DIR}/crowd/crowd_experiments.cpp PROPERTIES COMPILE_OPTIONS -Os)
