# The part of a bare-metal GCC toolchain file that every architecture
# shares (arm-none-eabi-gcc.cmake, riscv64-unknown-elf-gcc.cmake include it):
# the tools by prefix, no host libraries, the board's CPU flags on every
# object. The including file sets, before it:
#   CMAKE_SYSTEM_PROCESSOR
#   TINYFAIR_TOOLCHAIN_PREFIX        e.g. "arm-none-eabi-"
#   TINYFAIR_TOOLCHAIN_C_LIBRARY_SPECS  the --specs that pick the C library
# and after it CMAKE_FIND_ROOT_PATH, the C library's target tree.
#
# The toolchain knows no CPU. TINYFAIR_BOARD names a folder under targets/
# (targets/<board>/board.cmake) whose TINYFAIR_CPU_FLAGS are applied to every
# C, C++ and assembler compile and to the link, because all objects in one
# image must agree on the float ABI; its TINYFAIR_BOARD_COMPILE_DEFINITIONS
# reach every compile for the same reason (they change the layout of shared
# types). Set TINYFAIR_TOOLCHAIN_DIR (cache or environment) when the tools
# are not on PATH.

set(CMAKE_SYSTEM_NAME Generic)

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
# from the toolchain's own target tree (CMAKE_FIND_ROOT_PATH, set by the
# including file), so a host library can never end up in an image; headers
# and CMake packages may still come from the host, which header-only
# dependencies (Eigen) rely on.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# try_compile() re-reads the toolchain file in a fresh project: pass the board on.
set(TINYFAIR_BOARD "" CACHE STRING "Target board: a folder under targets/ with a board.cmake")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TINYFAIR_BOARD TINYFAIR_TOOLCHAIN_DIR)

# Flags every object in an image must share: the C library's specs (which
# also select its headers at compile time), a section per function and
# object for the linker's garbage collection. C++ code is built without
# exceptions and RTTI: either would drag the unwinder and its allocation
# paths into the image.
set(_tinyfair_common_flags
    "${TINYFAIR_TOOLCHAIN_C_LIBRARY_SPECS} -ffunction-sections -fdata-sections")
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
