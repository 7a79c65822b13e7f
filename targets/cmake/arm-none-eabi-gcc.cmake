# CMake toolchain file for bare-metal Arm with the GNU arm-none-eabi toolchain and newlib-nano.
#
# Usage:
#   cmake -G Ninja -DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/arm-none-eabi-gcc.cmake \
#         -DTINYFAIR_BOARD=mps2_an386 <source dir>
#
# What every bare-metal GCC shares (the board's CPU flags on every object,
# TINYFAIR_TOOLCHAIN_DIR for tools outside PATH) is in bare_metal_gcc.cmake.

set(CMAKE_SYSTEM_PROCESSOR arm)
set(TINYFAIR_TOOLCHAIN_PREFIX "arm-none-eabi-")
set(TINYFAIR_TOOLCHAIN_C_LIBRARY_SPECS "--specs=nano.specs")
include("${CMAKE_CURRENT_LIST_DIR}/bare_metal_gcc.cmake")

# newlib's target tree, from where the compiler finds libc.a.
execute_process(
  COMMAND "${CMAKE_C_COMPILER}" -print-file-name=libc.a
  OUTPUT_VARIABLE _tinyfair_libc
  OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET)
if(IS_ABSOLUTE "${_tinyfair_libc}" AND EXISTS "${_tinyfair_libc}")
  get_filename_component(_tinyfair_target_root "${_tinyfair_libc}/../.." ABSOLUTE)
  set(CMAKE_FIND_ROOT_PATH "${_tinyfair_target_root}")
endif()
