# Compiles a runtime source with -ffast-math and passes only when the
# compiler refuses it with the runtime's message naming the flag.
#   cmake -DCOMPILER=<c++> -DSOURCE=<file.cc> -DINCLUDE=<dir> -P check_fast_math_refused.cmake
execute_process(
  COMMAND "${COMPILER}" -std=c++17 -ffast-math -fsyntax-only "-I${INCLUDE}" "${SOURCE}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled with -ffast-math: it must be refused")
endif()
if(NOT output MATCHES "-ffast-math \\(__FAST_MATH__ is defined\\)")
  message(FATAL_ERROR "-ffast-math was refused, but not with the runtime's message:\n${output}")
endif()
message(STATUS "refused with: tinyfair runtime: built with -ffast-math (__FAST_MATH__ is defined)")
