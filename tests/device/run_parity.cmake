# Runs the decide_vectors firmware under QEMU in the golden folder and checks
# that its decision log equals the host's, byte for byte.
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image> -DELF=<image> -DGOLDEN_DIR=<dir>
#         -DOUTPUT=<device log> -P run_parity.cmake
string(REPLACE "|" ";" command "${QEMU_COMMAND}")
string(REPLACE "<ELF>" "${ELF}" command "${command}")
execute_process(COMMAND ${command}
  WORKING_DIRECTORY "${GOLDEN_DIR}"
  OUTPUT_VARIABLE output
  RESULT_VARIABLE result
  TIMEOUT 300)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "firmware exited with ${result}:\n${output}")
endif()
# Notes ("# ...") are printed, records are compared.
string(REGEX MATCHALL "# [^\n]*" notes "${output}")
foreach(note IN LISTS notes)
  message(STATUS "${note}")
endforeach()
string(REGEX REPLACE "# [^\n]*\n" "" records "${output}")
file(WRITE "${OUTPUT}" "${records}")
file(READ "${GOLDEN_DIR}/demo_records.csv" expected)
string(REGEX MATCHALL "\n" lines "${expected}")
list(LENGTH lines line_count)
math(EXPR decisions "${line_count} - 1")
if(NOT records STREQUAL expected)
  message(FATAL_ERROR "device decision log ${OUTPUT} differs from ${GOLDEN_DIR}/demo_records.csv")
endif()
message(STATUS "parity: ${decisions} decisions identical on host and device (probability bits, draw, outcome)")
