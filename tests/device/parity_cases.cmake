# The cases of an image that decides many (model, entry point) cases, each
# after a note "# case <model> <entry point> <host log>" and ending with a
# note that counts them ("...cases N,..."): run_parity.cmake with
# -DEXPECTED=CASES compares each case's log with the host log it names.
include_guard(GLOBAL)

# tinyfair_parity_case_logs(<logs-var> <cases-var> <output>): the host logs
# the image's case notes name, separated by "|" as EXPECTED takes them, and
# the cases ("<model> <entry point>"), in the image's order. A name from the
# image is checked before it is read: it must be a golden log's
# (golden_<Name>..._records.csv, no folder). Fails when the notes are not
# all there (none, or not as many as the image counted).
function(tinyfair_parity_case_logs logs_var cases_var output)
  string(REGEX MATCHALL "# case [^\n]*" notes "${output}")
  set(logs "")
  set(cases "")
  foreach(note IN LISTS notes)
    if(NOT note MATCHES "^# case ([A-Za-z0-9_]+) ([a-z0-9_]+) (golden_[A-Za-z0-9_]+_records\\.csv)$")
      message(FATAL_ERROR "parity: a case note not of the form '# case <model> <entry point> "
                          "golden_<Name>_records.csv': ${note}")
    endif()
    list(APPEND logs "${CMAKE_MATCH_3}")
    list(APPEND cases "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
  endforeach()
  list(LENGTH cases count)
  if(NOT output MATCHES "\n# [^\n]*[ ,]cases ([0-9]+)[,\n]")
    message(FATAL_ERROR "parity: the image did not count its cases (it printed ${count} case notes)")
  endif()
  if(count EQUAL 0 OR NOT count EQUAL CMAKE_MATCH_1)
    message(FATAL_ERROR "parity: the image counted ${CMAKE_MATCH_1} cases and noted ${count}")
  endif()
  list(JOIN logs "|" logs)
  set(${logs_var} "${logs}" PARENT_SCOPE)
  set(${cases_var} "${cases}" PARENT_SCOPE)
endfunction()

# _tinyfair_parity_logs_of(<out-var> <logs>): the logs one after the other,
# as a list of logs, each from its header line.
function(_tinyfair_parity_logs_of out_var logs)
  string(REPLACE "\nmodel_hash,status," "\n;model_hash,status," logs "${logs}")
  set(${out_var} "${logs}" PARENT_SCOPE)
endfunction()

# tinyfair_parity_report_cases(<records> <expected> <cases> <logs>): names
# every case whose log differs from the host's, with how many of its records
# differ and the first of them, as a message of its own.
function(tinyfair_parity_report_cases records expected cases logs)
  _tinyfair_parity_logs_of(device_logs "${records}")
  _tinyfair_parity_logs_of(host_logs "${expected}")
  string(REPLACE "|" ";" logs "${logs}")
  list(LENGTH cases count)
  list(LENGTH device_logs device_count)
  if(NOT device_count EQUAL count)
    message(SEND_ERROR "parity: ${device_count} decision logs for ${count} cases")
    return()
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    list(GET device_logs ${i} device)
    list(GET host_logs ${i} host)
    if(device STREQUAL host)
      continue()
    endif()
    list(GET cases ${i} case)
    list(GET logs ${i} log)
    string(REPLACE "\n" ";" device_lines "${device}")
    string(REPLACE "\n" ";" host_lines "${host}")
    # Line 0 is the header line, line k record k.
    set(differing 0)
    set(line 0)
    set(first "")
    foreach(d h IN ZIP_LISTS device_lines host_lines)
      if(NOT d STREQUAL h)
        math(EXPR differing "${differing} + 1")
        if(first STREQUAL "")
          set(first "first at record ${line}: device '${d}', host '${h}'")
        endif()
      endif()
      if(NOT d STREQUAL "" OR NOT h STREQUAL "")
        math(EXPR line "${line} + 1")
      endif()
    endforeach()
    math(EXPR compared "${line} - 1")
    message(SEND_ERROR "parity: case ${case}: ${differing} of ${compared} records differ from "
                       "${log} (${first})")
  endforeach()
endfunction()
