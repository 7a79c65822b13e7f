# Size report of one board's size images: section sizes from `<prefix>size -A`
# and each image's growth over the baseline image (startup only).
#
#   cmake -DSIZE=<prefix>size -DBOARD=<board> -DBASELINE=<baseline.elf>
#         "-DIMAGES=<name>=<elf>|..." -DMARKDOWN=<out.md> -DVALUES=<out.txt>
#         [-DNM=<prefix>nm] -P size_report.cmake
#
# MARKDOWN receives the table; VALUES one "<image> <column> <bytes>" line per
# figure and "<image> elf <path>", for scripts; with NM, <image>.nm.txt next
# to VALUES lists the image's symbols by size (nm -S --size-sort -C). The
# columns are image_sections.cmake's.
cmake_minimum_required(VERSION 3.25)

foreach(variable SIZE BOARD BASELINE IMAGES MARKDOWN VALUES)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "size_report.cmake: -D${variable}=... is required")
  endif()
endforeach()

include("${CMAKE_CURRENT_LIST_DIR}/image_sections.cmake")
set(columns ${TINYFAIR_IMAGE_COLUMNS})
string(REPLACE "|" ";" IMAGES "${IMAGES}")

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

tinyfair_image_sections("${SIZE}" "${BASELINE}" base)
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
  tinyfair_image_sections("${SIZE}" "${elf}" img)
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
