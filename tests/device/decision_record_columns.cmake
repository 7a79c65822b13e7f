# tinyfair_decision_record_columns(<out-var> <log>): a decision log (one or
# more, each from its header line "model_hash,status,...") with every line
# cut to the device's ten record columns; any other text (the monitor's
# vectors) as it is. `simulate --out` writes readable columns (probability,
# decision, group name) after the record; the device writes the record
# alone, and parity compares the record.
function(tinyfair_decision_record_columns out_var log)
  set(records "${log}")
  if(log MATCHES "^model_hash,status,")
    set(field "[^,\n]*")
    string(REGEX REPLACE
      "(${field},${field},${field},${field},${field},${field},${field},${field},${field},${field}),[^\n]*"
      "\\1" records "${log}")
  endif()
  set(${out_var} "${records}" PARENT_SCOPE)
endfunction()
