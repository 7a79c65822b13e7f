# Runs the parity program of a build with small capacities and checks it
# model by model against the host's default build: each model that loads
# must print exactly its part of parity_records.csv; exactly the models in
# REFUSED must be refused, with capacity_exceeded.
#   cmake -DCOMMAND=<command, words separated by |, <ELF> for the program>
#         -DELF=<program> -DGOLDEN_DIR=<dir> -DREFUSED=<Name|...> -DOUTPUT=<log>
#         -P check_capacity_parity.cmake
include("${CMAKE_CURRENT_LIST_DIR}/../../targets/common/qemu_runner.cmake")
string(REPLACE "|" ";" REFUSED "${REFUSED}")
tinyfair_run_image(output COMMAND "${COMMAND}" ELF "${ELF}" WORKING_DIRECTORY "${GOLDEN_DIR}"
                   RESULT_VARIABLE result)
file(WRITE "${OUTPUT}" "${output}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the parity program exited with ${result} (log: ${OUTPUT})")
endif()

# The host's log, one part per model: each part starts with the log header.
file(STRINGS "${GOLDEN_DIR}/parity_records.csv" expected_lines)
set(parts 0)
foreach(line IN LISTS expected_lines)
  if(line MATCHES "^model_hash,")
    math(EXPR parts "${parts} + 1")
    set(expected_${parts} "")
  endif()
  string(APPEND expected_${parts} "${line}\n")
endforeach()

# The device's log, one part per "# model <name>" note.
string(REGEX REPLACE "\n$" "" output "${output}")
string(REPLACE "\n" ";" device_lines "${output}")
set(models 0)
set(refused_seen "")
foreach(line IN LISTS device_lines)
  if(line MATCHES "^# model (.+)$")
    math(EXPR models "${models} + 1")
    set(name_${models} "${CMAKE_MATCH_1}")
    set(device_${models} "")
  elseif(line MATCHES "^# refused ([^ ]+) (.+)$")
    if(NOT CMAKE_MATCH_2 STREQUAL "capacity_exceeded")
      message(FATAL_ERROR "${CMAKE_MATCH_1} was refused with ${CMAKE_MATCH_2}")
    endif()
    list(APPEND refused_seen "${CMAKE_MATCH_1}")
    set(refused_${models} ON)
  elseif(line MATCHES "^# ")
    message(STATUS "${line}")
  else()
    string(APPEND device_${models} "${line}\n")
  endif()
endforeach()

if(NOT models EQUAL parts)
  message(FATAL_ERROR "the program named ${models} models, parity_records.csv has ${parts}")
endif()
set(decided 0)
foreach(i RANGE 1 ${models})
  if(refused_${i})
    continue()
  endif()
  if(NOT device_${i} STREQUAL expected_${i})
    message(FATAL_ERROR "${name_${i}}: the decisions differ from the host's (log: ${OUTPUT})")
  endif()
  math(EXPR decided "${decided} + 1")
endforeach()
list(SORT refused_seen)
list(SORT REFUSED)
if(NOT "${refused_seen}" STREQUAL "${REFUSED}")
  message(FATAL_ERROR "refused: '${refused_seen}'; expected to be refused: '${REFUSED}'")
endif()
message(STATUS "capacity parity: ${decided} of ${models} models decide as on the host, "
               "bit for bit; refused with capacity_exceeded: ${refused_seen}")
