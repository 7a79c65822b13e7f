# Warnings for the host's own code, the library and its unit tests alike
# (the runtime sets its own, stricter ones); the presets the test command
# uses make them errors (TINYFAIR_WARNINGS_AS_ERRORS). GCC's -Wconversion
# leaves sign changes alone and clang's includes -Wsign-conversion: the same
# set with both compilers (the sanitizer build uses clang).
include_guard(GLOBAL)
set(TINYFAIR_HOST_WARNINGS -Wall -Wextra -Wconversion -Wshadow
    $<$<CXX_COMPILER_ID:Clang>:-Wno-sign-conversion>)
if(TINYFAIR_WARNINGS_AS_ERRORS)
  list(APPEND TINYFAIR_HOST_WARNINGS -Werror)
endif()
