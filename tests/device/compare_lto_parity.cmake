# Runs the golden parity image linked with link-time optimisation and the same
# image linked without it under QEMU, in the golden folder, and passes only
# when both exit 0 and write the same output byte for byte (every decision's
# probability bits, draw and outcome). The link maps prove that the two
# images were linked the two ways: only the optimised one names GCC's
# link-time objects (*.ltrans.o).
#   cmake -DQEMU_COMMAND=<command, words separated by |, <ELF> for the image>
#         -DGOLDEN_DIR=<dir> -DLTO_ELF=<image> -DPLAIN_ELF=<image>
#         -DOUTPUT_DIR=<dir for the two logs> -P compare_lto_parity.cmake
foreach(variable QEMU_COMMAND GOLDEN_DIR LTO_ELF PLAIN_ELF OUTPUT_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "compare_lto_parity.cmake: -D${variable}=... is required")
  endif()
endforeach()

# Sets <out_var> to whether the image's link map names a link-time object.
function(linked_with_lto elf out_var)
  string(REGEX REPLACE "\\.elf$" ".map" map "${elf}")
  file(STRINGS "${map}" ltrans REGEX "\\.ltrans[0-9]*\\.ltrans\\.o" LIMIT_COUNT 1)
  if(ltrans)
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

linked_with_lto("${LTO_ELF}" lto_linked)
linked_with_lto("${PLAIN_ELF}" plain_linked)
if(NOT lto_linked OR plain_linked)
  message(FATAL_ERROR "expected ${LTO_ELF} linked with link-time optimisation (${lto_linked}) "
                      "and ${PLAIN_ELF} without (${plain_linked})")
endif()

include("${CMAKE_CURRENT_LIST_DIR}/../../targets/common/qemu_runner.cmake")
tinyfair_run_image(lto_output COMMAND "${QEMU_COMMAND}" ELF "${LTO_ELF}" WORKING_DIRECTORY "${GOLDEN_DIR}")
tinyfair_run_image(plain_output COMMAND "${QEMU_COMMAND}" ELF "${PLAIN_ELF}"
                   WORKING_DIRECTORY "${GOLDEN_DIR}")
file(WRITE "${OUTPUT_DIR}/lto_parity_lto.txt" "${lto_output}")
file(WRITE "${OUTPUT_DIR}/lto_parity_plain.txt" "${plain_output}")
# Decision records are the lines that start with a hex digit.
string(REGEX MATCHALL "\n[0-9a-f]" records "\n${lto_output}")
list(LENGTH records decisions)
if(decisions EQUAL 0)
  message(FATAL_ERROR "${LTO_ELF} wrote no decision records:\n${lto_output}")
endif()
# Notes are printed, records compared.
tinyfair_image_log_records(lto_records "${lto_output}" PREFIX "lto: ")
tinyfair_image_log_records(plain_records "${plain_output}" PREFIX "plain: ")
if(NOT lto_records STREQUAL plain_records)
  message(FATAL_ERROR "the images with and without link-time optimisation decide differently: "
                      "compare ${OUTPUT_DIR}/lto_parity_lto.txt and lto_parity_plain.txt")
endif()
message(STATUS "lto parity: ${decisions} records identical with and without link-time optimisation")
