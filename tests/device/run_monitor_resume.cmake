# The fairness monitor across a reset (tests/device/monitor_resume_main.c):
# runs the image three times in the board's emulator, in WORK_DIR with a copy
# of the demo vectors: "whole" decides every row; "first" decides the first
# third and prints its saved state, which this script writes to
# monitor_state.hex; "rest", a fresh start of the board, restores it and
# decides the remaining rows. The "monitor ..." lines "rest" ends with (counts,
# alarm, the whole saved state) must equal those of "whole".
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image>
#         -DELF=<image> -DGOLDEN_DIR=<dir with demo_vectors.tfv>
#         -DWORK_DIR=<dir, emptied> -P run_monitor_resume.cmake
include("${CMAKE_CURRENT_LIST_DIR}/../../targets/common/qemu_runner.cmake")

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY "${GOLDEN_DIR}/demo_vectors.tfv" DESTINATION "${WORK_DIR}")

# run_resume(<output-var> <run>): the image's output for one run.
function(run_resume output_var run)
  tinyfair_run_image(output COMMAND "${QEMU_COMMAND}|-append|${run}" ELF "${ELF}"
                     WORKING_DIRECTORY "${WORK_DIR}")
  file(WRITE "${WORK_DIR}/${run}.txt" "${output}")
  set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

# The "monitor ..." lines of an output.
function(monitor_lines lines_var output)
  string(REGEX MATCHALL "monitor [^\n]*" lines "${output}")
  string(JOIN "\n" lines ${lines})
  set(${lines_var} "${lines}" PARENT_SCOPE)
endfunction()

run_resume(whole whole)
run_resume(first first)
if(NOT first MATCHES "(^|\n)saved ([0-9a-f]+)\n")
  message(FATAL_ERROR "monitor_resume: the first run printed no saved state:\n${first}")
endif()
set(saved "${CMAKE_MATCH_2}")
file(WRITE "${WORK_DIR}/monitor_state.hex" "${saved}")
run_resume(rest rest)

monitor_lines(expected "${whole}")
monitor_lines(resumed "${rest}")
monitor_lines(at_reset "${first}")
if(expected STREQUAL "" OR NOT resumed STREQUAL expected)
  message(FATAL_ERROR "monitor_resume: after the reset the monitor ends as\n${resumed}\n"
                      "without a reset as\n${expected}")
endif()
string(LENGTH "${saved}" hex_digits)
math(EXPR saved_bytes "${hex_digits} / 2")
string(REGEX MATCH "monitor alarm [a-z]+" alarm_at_reset "${at_reset}")
string(REGEX MATCH "monitor alarm [a-z]+" alarm_at_end "${expected}")
string(REGEX MATCHALL "decisions [0-9]+" counts "${expected}")
message(STATUS "monitor_resume: ${saved_bytes} saved bytes restored; at the reset "
               "\"${alarm_at_reset}\", at the end \"${alarm_at_end}\" (${counts}), "
               "as without a reset")
