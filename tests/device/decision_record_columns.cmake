# tinyfair_decision_record_columns(<out-var> <log>): the decision log with
# every line cut to the device's nine record columns. `simulate --out`
# writes readable columns (probability, decision, group name) after them;
# the device writes the record alone, and parity compares the record.
function(tinyfair_decision_record_columns out_var log)
  set(field "[^,\n]*")
  string(REGEX REPLACE
    "(${field},${field},${field},${field},${field},${field},${field},${field},${field}),[^\n]*"
    "\\1" records "${log}")
  set(${out_var} "${records}" PARENT_SCOPE)
endfunction()
