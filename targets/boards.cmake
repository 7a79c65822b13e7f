# Host build: cross-builds the firmware for every board in TINYFAIR_BOARDS as
# a separate CMake build (an ExternalProject with the board's toolchain),
# after the host tools have generated the golden files, and adds each
# board's tests to this build's CTest run.
include(ExternalProject)

# Sets <out_var> to the toolchain file the board declares in its board.cmake
# (TINYFAIR_BOARD_TOOLCHAIN_FILE); the function scope keeps the board's other
# variables out of the host build.
function(_tinyfair_board_toolchain_file board out_var)
  set(board_file "${PROJECT_SOURCE_DIR}/targets/${board}/board.cmake")
  if(NOT EXISTS "${board_file}")
    message(FATAL_ERROR "unknown board '${board}': no targets/${board}/board.cmake")
  endif()
  unset(TINYFAIR_BOARD_TOOLCHAIN_FILE)
  include("${board_file}")
  if(NOT TINYFAIR_BOARD_TOOLCHAIN_FILE OR NOT EXISTS "${TINYFAIR_BOARD_TOOLCHAIN_FILE}")
    message(FATAL_ERROR "board '${board}': TINYFAIR_BOARD_TOOLCHAIN_FILE "
                        "'${TINYFAIR_BOARD_TOOLCHAIN_FILE}' does not exist")
  endif()
  get_filename_component(toolchain_file "${TINYFAIR_BOARD_TOOLCHAIN_FILE}" ABSOLUTE)
  set(${out_var} "${toolchain_file}" PARENT_SCOPE)
endfunction()

# Every board is built with the host build's capacities.
set(tinyfair_capacity_arguments "")
foreach(capacity INPUTS CATEGORIES GROUPS GROUP_ATTRIBUTES MEMBERS MEMBER_WEIGHTS
                 MEMBER_CATEGORY_WEIGHTS INTEGER_RAMP_KNOTS)
  list(APPEND tinyfair_capacity_arguments
       "-DTINYFAIR_MAX_${capacity}=${TINYFAIR_MAX_${capacity}}")
endforeach()

foreach(board IN LISTS TINYFAIR_BOARDS)
  _tinyfair_board_toolchain_file(${board} toolchain_file)
  set(board_build ${CMAKE_BINARY_DIR}/firmware/${board})
  ExternalProject_Add(firmware_${board}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${board_build}
    CMAKE_GENERATOR ${CMAKE_GENERATOR}
    CMAKE_ARGS
      -DCMAKE_TOOLCHAIN_FILE=${toolchain_file}
      -DTINYFAIR_BOARD=${board}
      -DCMAKE_BUILD_TYPE=MinSizeRel
      -DTINYFAIR_GOLDEN_DIR=${TINYFAIR_GOLDEN_DIR}
      -DTINYFAIR_NANOPB_SOURCE_DIR=${TINYFAIR_NANOPB_SOURCE_DIR}
      -DTINYFAIR_LIBSODIUM_SOURCE_DIR=${TINYFAIR_LIBSODIUM_SOURCE_DIR}
      -DTINYFAIR_FIRMWARE_LTO=${TINYFAIR_FIRMWARE_LTO}
      -DTINYFAIR_WARNINGS_AS_ERRORS=ON
      ${tinyfair_capacity_arguments}
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    DEPENDS golden_files)
  # CTest reads the board build's tests from its own folder.
  file(WRITE ${CMAKE_BINARY_DIR}/firmware_${board}_tests.cmake
       "if(EXISTS \"${board_build}/CTestTestfile.cmake\")\n  subdirs(\"${board_build}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               ${CMAKE_BINARY_DIR}/firmware_${board}_tests.cmake)
endforeach()
