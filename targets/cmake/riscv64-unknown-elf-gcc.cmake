# CMake toolchain file for bare-metal RISC-V with the GNU riscv64-unknown-elf
# toolchain and picolibc (Debian: gcc-riscv64-unknown-elf,
# picolibc-riscv64-unknown-elf). The same compiler builds 32- and 64-bit
# code; the board's -march/-mabi pick the picolibc and libgcc multilib.
#
# Usage:
#   cmake -G Ninja -DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/riscv64-unknown-elf-gcc.cmake \
#         -DTINYFAIR_BOARD=riscv32_virt <source dir>
#
# As in arm-none-eabi-gcc.cmake, TINYFAIR_BOARD names a folder with a
# board.cmake whose TINYFAIR_CPU_FLAGS reach every compile and the link, and
# whose TINYFAIR_BOARD_COMPILE_DEFINITIONS reach every compile (they change
# the layout of shared types, so all objects must agree). Set
# TINYFAIR_TOOLCHAIN_DIR (cache or environment) when the tools are not on PATH.
#
# This toolchain ships no C++ standard library, neither headers nor
# libstdc++: C++ sources may use only the C headers, and C++ images are linked
# by the C driver (g++ would ask for -lstdc++; GCC 12 has no -nostdlib++).

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)

set(TINYFAIR_TOOLCHAIN_PREFIX "riscv64-unknown-elf-")

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

# Link C++ executables with the C driver: the same libraries (picolibc,
# libgcc) minus the libstdc++ that does not exist here.
set(CMAKE_CXX_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")

# Libraries only from picolibc's target tree, never from the host; headers
# and CMake packages may still come from the host, which header-only
# dependencies rely on. Programs (qemu, code generators) run on the host.
# picolibc.specs names the tree <prefix>/lib/picolibc/<triple>, the prefix
# being the compiler's.
find_program(_tinyfair_c_compiler_path "${CMAKE_C_COMPILER}" NO_CACHE)
if(_tinyfair_c_compiler_path)
  get_filename_component(_tinyfair_picolibc_root
    "${_tinyfair_c_compiler_path}/../../lib/picolibc/riscv64-unknown-elf" ABSOLUTE)
  if(IS_DIRECTORY "${_tinyfair_picolibc_root}")
    set(CMAKE_FIND_ROOT_PATH "${_tinyfair_picolibc_root}")
  endif()
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# try_compile() re-reads this file in a fresh project: pass the board on.
set(TINYFAIR_BOARD "" CACHE STRING "Target board: a folder under targets/ with a board.cmake")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TINYFAIR_BOARD TINYFAIR_TOOLCHAIN_DIR)

# Flags every object in an image must share. --specs=picolibc.specs selects
# picolibc's headers at compile time and its libraries at link time. C++ code
# is built without exceptions and RTTI: there is no unwinder or typeinfo
# library to link, and neither may pull in allocation.
set(_tinyfair_common_flags "--specs=picolibc.specs -ffunction-sections -fdata-sections")
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

# The constructor tables are writable sections (as compilers emit them) in
# the image's read-only region, which ld would report as an RWX segment; the
# startup code makes that region read-only.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--no-warn-rwx-segments")

set(CMAKE_C_FLAGS_INIT "${_tinyfair_common_flags}")
set(CMAKE_CXX_FLAGS_INIT "${_tinyfair_common_flags} ${_tinyfair_cxx_flags}")
set(CMAKE_ASM_FLAGS_INIT "${_tinyfair_common_flags}")
