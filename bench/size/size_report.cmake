# Size report of one board's size images: section sizes from `<prefix>size -A`
# and each image's growth over the baseline image (startup only).
#
#   cmake -DSIZE=<prefix>size -DBOARD=<board> -DBASELINE=<baseline.elf>
#         "-DIMAGES=<name>=<elf>|..." -DMARKDOWN=<out.md> -DVALUES=<out.txt>
#         [-DNM=<prefix>nm] -P size_report.cmake
#
# MARKDOWN receives the table; VALUES one "<image> <column> <bytes>" line per
# figure and "<image> elf <path>", for scripts; with NM, <image>.nm.txt next
# to VALUES lists the image's symbols by size (nm -S --size-sort -C). Columns: .text, .rodata, .data, .bss as named in the
# image (RISC-V small-data sections .srodata/.sdata/.sbss count with their
# big siblings); "other" is every other section that occupies flash (vector
# table, unwind index, init arrays); flash = .text + .rodata + .data + other;
# RAM = .data + .bss (the stack is reserved by the board, not the image).
cmake_minimum_required(VERSION 3.25)

foreach(variable SIZE BOARD BASELINE IMAGES MARKDOWN VALUES)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "size_report.cmake: -D${variable}=... is required")
  endif()
endforeach()

set(columns text rodata data bss other flash ram)
string(REPLACE "|" ";" IMAGES "${IMAGES}")

# Sets <prefix>_<column> for every column from `size -A <elf>`.
function(read_sections elf prefix)
  execute_process(COMMAND "${SIZE}" -A "${elf}"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE result ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${SIZE} -A ${elf} failed: ${error}")
  endif()
  foreach(column IN LISTS columns)
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
  foreach(column IN LISTS columns)
    set(${prefix}_${column} ${${column}} PARENT_SCOPE)
  endforeach()
endfunction()

get_filename_component(out_dir "${VALUES}" DIRECTORY)
function(list_symbols image elf)
  if(NM)
    execute_process(COMMAND "${NM}" -S --size-sort -C "${elf}"
                    OUTPUT_FILE "${out_dir}/${image}.nm.txt" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${NM} -S --size-sort -C ${elf} failed")
    endif()
  endif()
endfunction()

function(delta value base out_var)
  math(EXPR difference "${value} - ${base}")
  if(difference GREATER_EQUAL 0)
    set(difference "+${difference}")
  endif()
  set(${out_var} "${difference}" PARENT_SCOPE)
endfunction()

read_sections("${BASELINE}" base)
set(markdown "| image (${BOARD}) | .text | .rodata | .data | .bss | other | flash | flash over baseline | RAM over baseline |\n")
string(APPEND markdown "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
string(APPEND markdown "| baseline | ${base_text} | ${base_rodata} | ${base_data} | ${base_bss} | ${base_other} | ${base_flash} | | |\n")
set(values "baseline elf ${BASELINE}\n")
list_symbols(baseline "${BASELINE}")
foreach(column IN LISTS columns)
  string(APPEND values "baseline ${column} ${base_${column}}\n")
endforeach()

foreach(entry IN LISTS IMAGES)
  if(NOT entry MATCHES "^([^=]+)=(.+)$")
    message(FATAL_ERROR "IMAGES entry '${entry}' is not <name>=<elf>")
  endif()
  set(image "${CMAKE_MATCH_1}")
  set(elf "${CMAKE_MATCH_2}")
  read_sections("${elf}" img)
  list_symbols(${image} "${elf}")
  string(APPEND values "${image} elf ${elf}\n")
  set(row "| ${image}")
  foreach(column text rodata data bss other flash)
    delta(${img_${column}} ${base_${column}} d_${column})
    string(APPEND row " | ${img_${column}} (${d_${column}})")
  endforeach()
  delta(${img_flash} ${base_flash} d_flash)
  delta(${img_ram} ${base_ram} d_ram)
  string(APPEND markdown "${row} | ${d_flash} | ${d_ram} |\n")
  foreach(column IN LISTS columns)
    delta(${img_${column}} ${base_${column}} d)
    string(APPEND values "${image} ${column} ${img_${column}}\n${image} delta_${column} ${d}\n")
  endforeach()
endforeach()

file(WRITE "${MARKDOWN}" "${markdown}")
file(WRITE "${VALUES}" "${values}")
message("${markdown}")
