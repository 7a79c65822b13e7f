# Runs one harness for a fixed number of executions from its seed corpus:
#   cmake -DFUZZER=<harness> -DSEEDS=<seed dir> -DWORK=<dir> -DRUNS=<n> -P run_fuzz_test.cmake
# New inputs and any crash go to WORK (emptied first), so the seeds stay as
# the build made them and each run starts alike. With -DREPLAY=<dir> instead
# of SEEDS and RUNS, runs each file in <dir> once.
foreach(var FUZZER WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzz_test.cmake: ${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus")
if(DEFINED REPLAY)
  file(GLOB inputs "${REPLAY}/*")
  if(NOT inputs)
    message(FATAL_ERROR "run_fuzz_test.cmake: no inputs in ${REPLAY}")
  endif()
  execute_process(
    COMMAND "${FUZZER}" -timeout=10 "-artifact_prefix=${WORK}/" ${inputs}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  file(WRITE "${WORK}/log.txt" "${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${FUZZER} failed (${result}) on an input of ${REPLAY}:\n${output}")
  endif()
  return()
endif()
foreach(var SEEDS RUNS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzz_test.cmake: ${var} is not set")
  endif()
endforeach()
execute_process(
  COMMAND "${FUZZER}" -runs=${RUNS} -seed=1 -timeout=10 -print_final_stats=1
          "-artifact_prefix=${WORK}/" "${WORK}/corpus" "${SEEDS}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
file(WRITE "${WORK}/log.txt" "${output}")
# The last status line (executions, coverage) and the final statistics.
string(REGEX MATCHALL "#[0-9]+[^\n]*cov: [^\n]*" status "${output}")
list(POP_BACK status last)
string(REGEX MATCHALL "stat::[^\n]*" stats "${output}")
list(JOIN stats "\n" stats)
message("${last}\n${stats}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${result}):\n${output}")
endif()
