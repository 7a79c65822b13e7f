# tinyfair_check_image_flash(<label> SIZE <size tool> ELF <image>
#   BENCH_IMAGES <images.txt> BENCH_IMAGE <name> PERCENT <p>
#   [OTHER_IMAGES <elf>...]):
# the flash of ELF, counted as the benchmarks count it
# (bench/size/image_sections.cmake: .text + .rodata + .data + other), must
# be within PERCENT of the figure "<BENCH_IMAGE> flash" that the board
# build's size report wrote to BENCH_IMAGES for the same program. The flash
# of OTHER_IMAGES is reported beside it.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../../bench/size/image_sections.cmake")

function(tinyfair_check_image_flash label)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "SIZE;ELF;BENCH_IMAGES;BENCH_IMAGE;PERCENT"
                        "OTHER_IMAGES")
  if(NOT ARG_SIZE OR NOT EXISTS "${ARG_BENCH_IMAGES}")
    message(FATAL_ERROR "${label}: no size tool ('${ARG_SIZE}') or no benchmark figures "
                        "('${ARG_BENCH_IMAGES}': the board build writes them)")
  endif()
  file(STRINGS "${ARG_BENCH_IMAGES}" bench_line REGEX "^${ARG_BENCH_IMAGE} flash [0-9]+$")
  if(NOT bench_line MATCHES " ([0-9]+)$")
    message(FATAL_ERROR "${label}: ${ARG_BENCH_IMAGES} has no '${ARG_BENCH_IMAGE} flash'")
  endif()
  set(bench_flash ${CMAKE_MATCH_1})
  tinyfair_image_sections("${ARG_SIZE}" "${ARG_ELF}" image)
  # Per mille, rounded down: CMake's integers.
  math(EXPR difference "${image_flash} - ${bench_flash}")
  math(EXPR per_mille "(${difference} * 1000) / ${bench_flash}")
  get_filename_component(name "${ARG_ELF}" NAME_WE)
  string(CONCAT report "${name} flash ${image_flash} B, the board build's ${ARG_BENCH_IMAGE} "
                "${bench_flash} B (${difference} B, ${per_mille} per mille)")
  foreach(other IN LISTS ARG_OTHER_IMAGES)
    tinyfair_image_sections("${ARG_SIZE}" "${other}" other)
    get_filename_component(other_name "${other}" NAME_WE)
    string(APPEND report "; ${other_name} flash ${other_flash} B")
  endforeach()
  math(EXPR limit "${ARG_PERCENT} * 10")
  if(per_mille GREATER limit OR per_mille LESS -${limit})
    message(FATAL_ERROR "${label}: ${report}: more than ${ARG_PERCENT} % apart")
  endif()
  message(STATUS "${label}: ${report}")
endfunction()
