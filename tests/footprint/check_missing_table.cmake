# inspect --footprint with a table that does not exist: exit status 2 and a
# message that says which command writes the table.
#   cmake -DTINYFAIR=<tinyfair> -DMODEL=<model.pb> -DTABLE=<missing file> -P check_missing_table.cmake
execute_process(
  COMMAND "${TINYFAIR}" inspect --footprint --board microbit --footprint-table "${TABLE}" "${MODEL}"
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE error)
if(NOT result EQUAL 2)
  message(FATAL_ERROR "inspect --footprint without a table exited with ${result}, not 2:\n${error}")
endif()
if(NOT error MATCHES "cmake --build [^ ]+ --target firmware_microbit")
  message(FATAL_ERROR "the message does not name the command that builds the table:\n${error}")
endif()
message(STATUS "refused as it should be: ${error}")
