# The section sizes of a linked image, as the size report and the size
# budgets count them (size_report.cmake, check_budgets.cmake).
#
# tinyfair_image_sections(<size> <elf> <prefix>): sets <prefix>_<column> for
# every column of TINYFAIR_IMAGE_COLUMNS from `<size> -A <elf>`. Columns:
# .text, .rodata, .data, .bss as named in the image (RISC-V small-data
# sections .srodata/.sdata/.sbss count with their big siblings); "other" is
# every other section that occupies flash (vector table, unwind index, init
# arrays); flash = .text + .rodata + .data + other; RAM = .data + .bss (the
# stack is reserved by the board, not the image).
include_guard(GLOBAL)

set(TINYFAIR_IMAGE_COLUMNS text rodata data bss other flash ram)

function(tinyfair_image_sections size elf prefix)
  execute_process(COMMAND "${size}" -A "${elf}"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE result ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${size} -A ${elf} failed: ${error}")
  endif()
  foreach(column IN LISTS TINYFAIR_IMAGE_COLUMNS)
    set(${column} 0)
  endforeach()
  string(REPLACE "\n" ";" lines "${listing}")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^(\\.[^ \t]+)[ \t]+([0-9]+)[ \t]+([0-9]+)")
      continue()
    endif()
    set(name "${CMAKE_MATCH_1}")
    set(bytes "${CMAKE_MATCH_2}")
    if(name MATCHES "^\\.(debug|comment|stab|symtab|strtab|shstrtab)" OR
       name MATCHES "^\\.(ARM|riscv|gnu)\\.attributes$" OR name STREQUAL ".stack" OR
       name MATCHES "^\\.(heap|noinit)")
      continue()  # Not in the image, or reserved by the board.
    elseif(name MATCHES "^\\.text" OR name MATCHES "^\\.(init|fini)$")
      math(EXPR text "${text} + ${bytes}")
    elseif(name MATCHES "^\\.s?rodata")
      math(EXPR rodata "${rodata} + ${bytes}")
    elseif(name MATCHES "^\\.[st]?data")
      math(EXPR data "${data} + ${bytes}")
    elseif(name MATCHES "^\\.[st]?bss")
      math(EXPR bss "${bss} + ${bytes}")
    else()
      math(EXPR other "${other} + ${bytes}")
    endif()
  endforeach()
  math(EXPR flash "${text} + ${rodata} + ${data} + ${other}")
  math(EXPR ram "${data} + ${bss}")
  foreach(column IN LISTS TINYFAIR_IMAGE_COLUMNS)
    set(${prefix}_${column} ${${column}} PARENT_SCOPE)
  endforeach()
endfunction()
