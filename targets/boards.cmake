# Host build: cross-builds the firmware for every board in TINYFAIR_BOARDS as
# a separate CMake build (an ExternalProject with the board's toolchain),
# after the host tools have generated the golden files, and adds each
# board's tests to this build's CTest run.
include(ExternalProject)

foreach(board IN LISTS TINYFAIR_BOARDS)
  if(NOT EXISTS "${PROJECT_SOURCE_DIR}/targets/${board}/board.cmake")
    message(FATAL_ERROR "unknown board '${board}': no targets/${board}/board.cmake")
  endif()
  set(board_build ${CMAKE_BINARY_DIR}/firmware/${board})
  ExternalProject_Add(firmware_${board}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${board_build}
    CMAKE_GENERATOR ${CMAKE_GENERATOR}
    CMAKE_ARGS
      -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/targets/cmake/arm-none-eabi-gcc.cmake
      -DTINYFAIR_BOARD=${board}
      -DCMAKE_BUILD_TYPE=MinSizeRel
      -DTINYFAIR_GOLDEN_DIR=${TINYFAIR_GOLDEN_DIR}
      -DTINYFAIR_NANOPB_SOURCE_DIR=${TINYFAIR_NANOPB_SOURCE_DIR}
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    DEPENDS golden_files)
  # CTest reads the board build's tests from its own folder.
  file(WRITE ${CMAKE_BINARY_DIR}/firmware_${board}_tests.cmake
       "if(EXISTS \"${board_build}/CTestTestfile.cmake\")\n  subdirs(\"${board_build}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               ${CMAKE_BINARY_DIR}/firmware_${board}_tests.cmake)
endforeach()
