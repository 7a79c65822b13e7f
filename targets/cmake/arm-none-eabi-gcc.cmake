# CMake toolchain file for bare-metal Arm with the GNU arm-none-eabi toolchain and newlib-nano.
#
# Usage:
#   cmake -G Ninja -DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/arm-none-eabi-gcc.cmake \
#         -DTINYFAIR_BOARD=mps2_an386 <source dir>
#
# The toolchain knows no CPU. TINYFAIR_BOARD names a folder next to this one
# (targets/<board>/board.cmake) whose TINYFAIR_CPU_FLAGS are applied to every
# C, C++ and assembler compile and to the link, because all objects in one
# image must agree on the float ABI; its TINYFAIR_BOARD_COMPILE_DEFINITIONS
# reach every compile for the same reason. Set TINYFAIR_TOOLCHAIN_DIR (cache
# or environment) when the arm-none-eabi-* tools are not on PATH.

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(TINYFAIR_TOOLCHAIN_PREFIX "arm-none-eabi-")

if(NOT TINYFAIR_TOOLCHAIN_DIR AND DEFINED ENV{TINYFAIR_TOOLCHAIN_DIR})
  set(TINYFAIR_TOOLCHAIN_DIR "$ENV{TINYFAIR_TOOLCHAIN_DIR}")
endif()
if(TINYFAIR_TOOLCHAIN_DIR)
  set(_tinyfair_tool_prefix "${TINYFAIR_TOOLCHAIN_DIR}/${TINYFAIR_TOOLCHAIN_PREFIX}")
else()
  set(_tinyfair_tool_prefix "${TINYFAIR_TOOLCHAIN_PREFIX}")
endif()

set(CMAKE_C_COMPILER "${_tinyfair_tool_prefix}gcc")
set(CMAKE_CXX_COMPILER "${_tinyfair_tool_prefix}g++")
set(CMAKE_ASM_COMPILER "${_tinyfair_tool_prefix}gcc")

# Nothing can be executed or fully linked without a board's linker script.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# Programs (qemu, code generators) run on the host. Libraries may only come
# from the toolchain's own target tree, so a host library can never end up in
# an image; headers and CMake packages may still come from the host, which
# header-only dependencies (Eigen) rely on.
execute_process(
  COMMAND "${CMAKE_C_COMPILER}" -print-file-name=libc.a
  OUTPUT_VARIABLE _tinyfair_libc
  OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET)
if(IS_ABSOLUTE "${_tinyfair_libc}" AND EXISTS "${_tinyfair_libc}")
  get_filename_component(_tinyfair_target_root "${_tinyfair_libc}/../.." ABSOLUTE)
  set(CMAKE_FIND_ROOT_PATH "${_tinyfair_target_root}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# try_compile() re-reads this file in a fresh project: pass the board on.
set(TINYFAIR_BOARD "" CACHE STRING "Target board: a folder under targets/ with a board.cmake")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TINYFAIR_BOARD TINYFAIR_TOOLCHAIN_DIR)

# Flags every object in an image must share. --specs=nano.specs also selects
# the matching newlib-nano headers at compile time. C++ code is built without
# exceptions and RTTI: either one would drag the unwinder and its allocation
# paths into the image.
set(_tinyfair_common_flags "--specs=nano.specs -ffunction-sections -fdata-sections")
set(_tinyfair_cxx_flags "-fno-exceptions -fno-rtti -fno-threadsafe-statics")

if(TINYFAIR_BOARD)
  set(_tinyfair_board_file "${CMAKE_CURRENT_LIST_DIR}/../${TINYFAIR_BOARD}/board.cmake")
  if(NOT EXISTS "${_tinyfair_board_file}")
    message(FATAL_ERROR "TINYFAIR_BOARD=${TINYFAIR_BOARD}: no ${_tinyfair_board_file}")
  endif()
  include("${_tinyfair_board_file}")
  if(NOT TINYFAIR_BOARD_TOOLCHAIN_PREFIX STREQUAL TINYFAIR_TOOLCHAIN_PREFIX)
    message(FATAL_ERROR "Board ${TINYFAIR_BOARD} needs the "
                        "'${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}' toolchain, "
                        "this file is for '${TINYFAIR_TOOLCHAIN_PREFIX}'")
  endif()
  set(_tinyfair_board_flags ${TINYFAIR_CPU_FLAGS})
  foreach(_tinyfair_definition IN LISTS TINYFAIR_BOARD_COMPILE_DEFINITIONS)
    list(APPEND _tinyfair_board_flags "-D${_tinyfair_definition}")
  endforeach()
  string(JOIN " " _tinyfair_board_flags ${_tinyfair_board_flags})
  string(PREPEND _tinyfair_common_flags "${_tinyfair_board_flags} ")
endif()

set(CMAKE_C_FLAGS_INIT "${_tinyfair_common_flags}")
set(CMAKE_CXX_FLAGS_INIT "${_tinyfair_common_flags} ${_tinyfair_cxx_flags}")
set(CMAKE_ASM_FLAGS_INIT "${_tinyfair_common_flags}")
