# Proves the board's check can fail: runs the frozen_models firmware on a
# copy of the frozen files in which one record of one log has its outcome
# flipped, and passes only when the firmware fails naming that model, row
# and field. The frozen files themselves are never touched.
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image>
#         -DELF=<image> -DMODELS_DIR=<tests/compat/models> -DSCRATCH=<dir>
#         -P run_mutated.cmake
set(model 1.1/TwoThresholdModel)
set(row 17)
file(REMOVE_RECURSE "${SCRATCH}")
file(COPY "${MODELS_DIR}/" DESTINATION "${SCRATCH}")
file(STRINGS "${SCRATCH}/${model}.csv" lines)
list(GET lines ${row} record)
# The seventh field, positive: 0 <-> 1.
string(REPLACE "," ";" fields "${record}")
list(GET fields 6 positive)
if(positive STREQUAL "1")
  set(flipped 0)
else()
  set(flipped 1)
endif()
list(REMOVE_AT fields 6)
list(INSERT fields 6 ${flipped})
string(REPLACE ";" "," mutated "${fields}")
list(REMOVE_AT lines ${row})
list(INSERT lines ${row} "${mutated}")
list(JOIN lines "\n" text)
file(WRITE "${SCRATCH}/${model}.csv" "${text}\n")

include("${CMAKE_CURRENT_LIST_DIR}/../../../targets/common/qemu_runner.cmake")
tinyfair_run_image(output COMMAND "${QEMU_COMMAND}" ELF "${ELF}" WORKING_DIRECTORY "${SCRATCH}"
                   RESULT_VARIABLE result)
message(STATUS "${output}")
set(expected "# frozen_models: ${model}: row ${row}, field positive: frozen '${flipped}', today '${positive}'")
if(result EQUAL 0)
  message(FATAL_ERROR "the firmware passed a log with row ${row} of ${model} changed")
endif()
string(FIND "${output}" "${expected}" at)
if(at LESS 0)
  message(FATAL_ERROR "the firmware failed without the expected note:\n${expected}")
endif()
file(REMOVE_RECURSE "${SCRATCH}")
