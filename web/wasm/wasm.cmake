# The WebAssembly build of the same core/ sources (included by CMakeLists.txt under emcmake).
# One ES module + .wasm serves the page, the worker and Node (which hands the wrapper the .wasm
# bytes itself, so the glue never fetches).

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
set(NORMLAB_WASM_OUT ${CMAKE_SOURCE_DIR}/web/generated CACHE PATH "where the module is written")
add_executable(normlab_wasm ${CMAKE_SOURCE_DIR}/web/wasm/bindings.cpp)
target_link_libraries(normlab_wasm PRIVATE normlab_report)
set_target_properties(normlab_wasm PROPERTIES
  OUTPUT_NAME normlab_core
  SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY ${NORMLAB_WASM_OUT})
target_link_options(normlab_wasm PRIVATE
  --bind ${NORMLAB_EH_FLAG} -O2
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createNormlabCore
  -sENVIRONMENT=web,worker -sDYNAMIC_EXECUTION=0
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=4MB -sTOTAL_STACK=1MB
  -sFILESYSTEM=0
  $<$<BOOL:${NORMLAB_PROFILING}>:--profiling-funcs>)
