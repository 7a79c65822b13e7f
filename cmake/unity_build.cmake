# Batched compilation (CMake's unity build): a target's sources compiled 16
# to a translation unit, so that the headers they share are parsed once a
# batch instead of once a file (CPU seconds: README, "Tests").
#   OFF    every file alone (the default, and the dev loop's);
#   TESTS  the tests, the benchmarks and the Python extension batched, the
#          library, the CLI, the runtime and codegen still file by file, so
#          that each of their files keeps its own includes honest (the test
#          command's host build);
#   ALL    every target batched (the sanitizer and fuzz builds, which only
#          test code the host build has compiled file by file).
# Two sources of one batched target cannot give file-local names alike.
set(TINYFAIR_UNITY_BUILD OFF CACHE STRING "Batched compilation: OFF, TESTS or ALL")
set_property(CACHE TINYFAIR_UNITY_BUILD PROPERTY STRINGS OFF TESTS ALL)
if(NOT TINYFAIR_UNITY_BUILD MATCHES "^(OFF|TESTS|ALL)$")
  message(FATAL_ERROR "TINYFAIR_UNITY_BUILD is '${TINYFAIR_UNITY_BUILD}': OFF, TESTS or ALL")
endif()
set(CMAKE_UNITY_BUILD_BATCH_SIZE 16)
if(TINYFAIR_UNITY_BUILD STREQUAL "ALL")
  set(CMAKE_UNITY_BUILD ON)
endif()

# tinyfair_batch_test_code(): batches the targets the calling directory (and
# those below it) creates from here on, when TINYFAIR_UNITY_BUILD is TESTS.
macro(tinyfair_batch_test_code)
  if(TINYFAIR_UNITY_BUILD STREQUAL "TESTS")
    set(CMAKE_UNITY_BUILD ON)
  endif()
endmacro()
