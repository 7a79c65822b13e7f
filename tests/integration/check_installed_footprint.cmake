# `tinyfair inspect --footprint` of the installed package: with no
# --footprint-table it reads the table `cmake --install` put in the package
# (share/tinyfair/footprint/<board>.txt), and prints what the build tree's
# tinyfair prints from the board build's own table.
#   cmake -DPREFIX=<install prefix> -DTINYFAIR=<build tree's tinyfair> -DBOARD=<board>
#         -DTABLE=<board build's footprint.txt> -DMODEL=<model.pb>
#         -P check_installed_footprint.cmake
foreach(variable PREFIX TINYFAIR BOARD TABLE MODEL)
  if(NOT ${variable})
    message(FATAL_ERROR "check_installed_footprint.cmake: -D${variable}= is missing")
  endif()
endforeach()

# The output of <tinyfair> inspect --footprint <arguments...>, without its
# last line, which names the table it read: into <out_var>, that line into
# <out_var>_table.
function(footprint out_var tinyfair)
  execute_process(COMMAND "${tinyfair}" inspect --footprint --board "${BOARD}" ${ARGN} "${MODEL}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${tinyfair} inspect --footprint exited with ${result}:\n${error}")
  endif()
  if(NOT output MATCHES "^(.*\n)(measured: [^\n]*)\n$")
    message(FATAL_ERROR "${tinyfair} inspect --footprint printed no 'measured:' line:\n${output}")
  endif()
  set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  set(${out_var}_table "${CMAKE_MATCH_2}" PARENT_SCOPE)
endfunction()

footprint(installed "${PREFIX}/bin/tinyfair")
footprint(build_tree "${TINYFAIR}" --footprint-table "${TABLE}")
if(NOT installed_table MATCHES "share/tinyfair/footprint/${BOARD}\\.txt ")
  message(FATAL_ERROR "the installed tinyfair did not read the installed table: "
                      "${installed_table}")
endif()
if(NOT installed STREQUAL build_tree)
  message(FATAL_ERROR "the installed table's footprint differs from the board build's:\n"
                      "installed:\n${installed}board build:\n${build_tree}")
endif()
message(STATUS "${installed}${installed_table}")
