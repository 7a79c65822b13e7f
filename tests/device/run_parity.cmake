# Runs the decide_vectors firmware under QEMU in the golden folder and checks
# that its decision log equals the host's record columns, byte for byte.
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image>
#         -DELF=<image> -DGOLDEN_DIR=<dir> -DOUTPUT=<device log>
#         [-DEXPECTED=<host log in GOLDEN_DIR, default demo_records.csv>] -P run_parity.cmake
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
if(NOT EXPECTED)
  set(EXPECTED demo_records.csv)
endif()
file(READ "${GOLDEN_DIR}/${EXPECTED}" expected)
include("${CMAKE_CURRENT_LIST_DIR}/decision_record_columns.cmake")
tinyfair_decision_record_columns(expected "${expected}")
# Records are the lines that are not a log header.
string(REGEX MATCHALL "\n[0-9a-f]" lines "\n${expected}")
list(LENGTH lines decisions)
if(NOT records STREQUAL expected)
  message(FATAL_ERROR "device decision log ${OUTPUT} differs from ${GOLDEN_DIR}/${EXPECTED}")
endif()
message(STATUS "parity: ${decisions} decisions identical on host and device (probability bits, draw, outcome)")
