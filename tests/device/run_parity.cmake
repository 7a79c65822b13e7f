# Runs a firmware image under QEMU in the golden folder and checks that its
# decision log equals the host's record columns, byte for byte.
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image>
#         -DELF=<image> -DGOLDEN_DIR=<dir> -DOUTPUT=<device log>
#         [-DEXPECTED=<host log in GOLDEN_DIR, default demo_records.csv; several
#           separated by |, which the image prints one after the other; CASES
#           for the logs the image's case notes name, compared case by case
#           (parity_cases.cmake)>]
#         -P run_parity.cmake
include("${CMAKE_CURRENT_LIST_DIR}/../../targets/common/qemu_runner.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/decision_record_columns.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/parity_cases.cmake")
tinyfair_run_image(output COMMAND "${QEMU_COMMAND}" ELF "${ELF}" WORKING_DIRECTORY "${GOLDEN_DIR}")
tinyfair_image_log_records(records "${output}")
file(WRITE "${OUTPUT}" "${records}")
if(NOT EXPECTED)
  set(EXPECTED demo_records.csv)
endif()
set(cases "")
if(EXPECTED STREQUAL "CASES")
  tinyfair_parity_case_logs(EXPECTED cases "${output}")
endif()
string(REPLACE "|" ";" expected_logs "${EXPECTED}")
set(expected "")
foreach(log IN LISTS expected_logs)
  file(READ "${GOLDEN_DIR}/${log}" part)
  tinyfair_decision_record_columns(part "${part}")
  string(APPEND expected "${part}")
endforeach()
# Records are the lines that are not a log header.
string(REGEX MATCHALL "\n[0-9a-f]" lines "\n${expected}")
list(LENGTH lines decisions)
if(NOT records STREQUAL expected)
  if(cases)
    tinyfair_parity_report_cases("${records}" "${expected}" "${cases}" "${EXPECTED}")
    message(FATAL_ERROR "device decision log ${OUTPUT} differs from the host logs its case "
                        "notes name in ${GOLDEN_DIR}")
  endif()
  message(FATAL_ERROR "device decision log ${OUTPUT} differs from ${EXPECTED} in ${GOLDEN_DIR}")
endif()
message(STATUS "parity: ${decisions} decisions identical on host and device (probability bits, draw, outcome)")
