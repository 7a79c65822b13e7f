# Warnings for the host's own code, the library and its unit tests alike
# (the runtime sets its own, stricter ones); the presets the test command
# uses make them errors (TINYFAIR_WARNINGS_AS_ERRORS).
include_guard(GLOBAL)
set(TINYFAIR_HOST_WARNINGS -Wall -Wextra -Wconversion -Wshadow)
if(TINYFAIR_WARNINGS_AS_ERRORS)
  list(APPEND TINYFAIR_HOST_WARNINGS -Werror)
endif()
