# The one way a test script runs a firmware image in its board's emulator
# (cmake -P scripts: tests/device, tests/compat/device, tests/capacities,
# tests/integration). The command comes as the board's
# TINYFAIR_QEMU_COMMAND with "|" between words (add_test splits a list
# argument) and "<ELF>" where the image goes.
include_guard(GLOBAL)

# tinyfair_run_image(<output-var> COMMAND <word|word...> ELF <image>
#                    [WORKING_DIRECTORY <dir>] [TIMEOUT <seconds>]
#                    [RESULT_VARIABLE <var>])
# Sets <output-var> to what the image wrote on its standard output. Without
# RESULT_VARIABLE an image that does not exit 0 fails the script, with its
# output; with it, the exit status is returned for the caller to judge.
function(tinyfair_run_image output_var)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "COMMAND;ELF;WORKING_DIRECTORY;TIMEOUT;RESULT_VARIABLE" "")
  foreach(required COMMAND ELF)
    if(NOT ARG_${required})
      message(FATAL_ERROR "tinyfair_run_image: ${required} is required")
    endif()
  endforeach()
  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY ".")
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  string(REPLACE "|" ";" command "${ARG_COMMAND}")
  string(REPLACE "<ELF>" "${ARG_ELF}" command "${command}")
  execute_process(COMMAND ${command}
    WORKING_DIRECTORY "${ARG_WORKING_DIRECTORY}"
    OUTPUT_VARIABLE output
    RESULT_VARIABLE result
    TIMEOUT ${ARG_TIMEOUT})
  if(ARG_RESULT_VARIABLE)
    set(${ARG_RESULT_VARIABLE} "${result}" PARENT_SCOPE)
  elseif(NOT result EQUAL 0)
    message(FATAL_ERROR "${ARG_ELF} exited with ${result}:\n${output}")
  endif()
  set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

# tinyfair_image_log_records(<records-var> <output> [PREFIX <text>]):
# prints the notes of an image's output (lines "# ...", with PREFIX) and
# sets <records-var> to the rest, the records a test compares.
function(tinyfair_image_log_records records_var output)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "PREFIX" "")
  string(REGEX MATCHALL "# [^\n]*" notes "${output}")
  foreach(note IN LISTS notes)
    message(STATUS "${ARG_PREFIX}${note}")
  endforeach()
  string(REGEX REPLACE "# [^\n]*\n" "" records "${output}")
  set(${records_var} "${records}" PARENT_SCOPE)
endfunction()
