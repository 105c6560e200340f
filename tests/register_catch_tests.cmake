# Registers every Catch2 test case of a binary as one CTest entry, whatever characters its name
# holds (catch_discover_tests splits names at ';'). Run as a script after each build:
#   cmake -DTEST_EXECUTABLE=<binary> -DCTEST_FILE=<file to write> -P register_catch_tests.cmake
# ensures: CTEST_FILE adds one test per listed case, named as the case, running the binary on a
# filter that selects that case alone, with --warn NoTests so a filter matching nothing fails.
# (Catch2 2.13 takes one --warn; the sanitized run of scripts/test fails a case with no assertion.)
# Every filter is checked here: one that does not list exactly its own case stops the build.

# A Catch2 filter for exactly one name: quoted, with '\', ',' and '"' escaped.
function(catch_filter_for name out)
  set(escaped "")
  string(LENGTH "${name}" length)
  set(k 0)
  while(k LESS length)
    string(SUBSTRING "${name}" ${k} 1 c)
    if(c STREQUAL "\\" OR c STREQUAL "," OR c STREQUAL "\"")
      string(APPEND escaped "\\")
    endif()
    string(APPEND escaped "${c}")
    math(EXPR k "${k} + 1")
  endwhile()
  set(${out} "\"${escaped}\"" PARENT_SCOPE)
endfunction()

# A CMake bracket argument holding text exactly, with a level of '=' the text does not close.
function(bracket_argument text out)
  set(level "=")
  string(FIND "${text}" "]${level}]" found)
  while(NOT found EQUAL -1)
    string(APPEND level "=")
    string(FIND "${text}" "]${level}]" found)
  endwhile()
  set(${out} "[${level}[${text}]${level}]" PARENT_SCOPE)
endfunction()

execute_process(
  COMMAND "${TEST_EXECUTABLE}" --list-test-names-only
  OUTPUT_VARIABLE listing
  RESULT_VARIABLE listed)
if(listed LESS 1)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --list-test-names-only listed no test cases (exit ${listed})")
endif()

# Walks the listing line by line with string(FIND), never as a CMake list: a list would split
# names at ';' and mangle unbalanced '['.
set(script "")
set(count 0)
set(rest "${listing}")
while(NOT rest STREQUAL "")
  string(FIND "${rest}" "\n" end)
  if(end EQUAL -1)
    set(name "${rest}")
    set(rest "")
  else()
    string(SUBSTRING "${rest}" 0 ${end} name)
    math(EXPR next "${end} + 1")
    string(SUBSTRING "${rest}" ${next} -1 rest)
  endif()
  string(REGEX REPLACE "\r$" "" name "${name}")
  if(name STREQUAL "")
    continue()
  endif()
  # Catch2 quotes a listed name that starts with '#'.
  if(name MATCHES "^\"#.*\"$")
    string(REGEX REPLACE "^\"(.*)\"$" "\\1" name "${name}")
  endif()
  catch_filter_for("${name}" filter)
  execute_process(
    COMMAND "${TEST_EXECUTABLE}" "${filter}" --list-test-names-only
    OUTPUT_VARIABLE selected
    RESULT_VARIABLE selected_count)
  string(REGEX REPLACE "\r?\n$" "" selected "${selected}")
  if(selected MATCHES "^\"#.*\"$")
    string(REGEX REPLACE "^\"(.*)\"$" "\\1" selected "${selected}")
  endif()
  if(NOT selected_count EQUAL 1 OR NOT selected STREQUAL name)
    message(FATAL_ERROR "the Catch2 filter ${filter} selects ${selected_count} test cases, not the case "
                        "\"${name}\" alone: rename the case (Catch2 2.13 cannot pick out a name that starts or ends "
                        "with '*' or starts with 'exclude:')")
  endif()
  bracket_argument("${name}" quoted_name)
  bracket_argument("${filter}" quoted_filter)
  bracket_argument("${TEST_EXECUTABLE}" quoted_executable)
  string(APPEND script "add_test(${quoted_name} ${quoted_executable} ${quoted_filter} --warn NoTests)\n")
  math(EXPR count "${count} + 1")
endwhile()

# The exit code of a listing is the count, capped at 255.
if(NOT count EQUAL listed AND listed LESS 255)
  message(FATAL_ERROR "registered ${count} test cases but ${TEST_EXECUTABLE} lists ${listed}")
endif()
file(WRITE "${CTEST_FILE}" "${script}")
