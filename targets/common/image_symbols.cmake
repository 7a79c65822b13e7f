# The symbols of a linked firmware image, for the checks that read its symbol
# table (check_no_allocator.cmake, check_no_soft_float.cmake,
# check_no_signature_code.cmake).
#
# tinyfair_image_symbols(<check> <elf> <nm> <out>): sets <out> to the list of
# "<type> <name>" pairs `nm` prints for <elf> (types as nm names them: U for
# undefined, T for text, ...); <check> names the caller in its errors. <nm>
# empty: "nm" (the cross nm of the board is the safe choice).

function(tinyfair_image_symbols check elf nm out)
  if(NOT elf OR NOT EXISTS "${elf}")
    message(FATAL_ERROR "${check}: image not found: '${elf}'")
  endif()
  if(NOT nm)
    set(nm nm)
  endif()
  execute_process(
    COMMAND "${nm}" "${elf}"
    RESULT_VARIABLE nm_result
    OUTPUT_VARIABLE nm_output
    ERROR_VARIABLE nm_error)
  if(NOT nm_result EQUAL 0)
    message(FATAL_ERROR "${check}: '${nm}' failed (${nm_result}): ${nm_error}")
  endif()
  string(REPLACE "\n" ";" nm_lines "${nm_output}")
  set(symbols "")
  foreach(line IN LISTS nm_lines)
    # "<address> <type> <name>", or "<type> <name>" for undefined symbols.
    if(line MATCHES "([A-Za-z?-]) ([^ ]+)$")
      list(APPEND symbols "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
    endif()
  endforeach()
  set(${out} "${symbols}" PARENT_SCOPE)
endfunction()

# tinyfair_symbols_matching(<symbols> <patterns> <out>): sets <out> to one
# line "  <name> (nm type <type>)" per symbol of <symbols> (as
# tinyfair_image_symbols lists them) whose name matches one of the regular
# expressions <patterns>; empty when none does.
function(tinyfair_symbols_matching symbols patterns out)
  set(matches "")
  foreach(symbol IN LISTS symbols)
    string(REPLACE " " ";" symbol "${symbol}")
    list(GET symbol 0 type)
    list(GET symbol 1 name)
    foreach(pattern IN LISTS patterns)
      if(name MATCHES "${pattern}")
        string(APPEND matches "  ${name} (nm type ${type})\n")
        break()
      endif()
    endforeach()
  endforeach()
  set(${out} "${matches}" PARENT_SCOPE)
endfunction()
