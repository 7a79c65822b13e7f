# Fails when a linked firmware image defines or references a floating-point
# routine of the compiler's runtime library (libgcc's soft-float: the ARM
# EABI's __aeabi_f* / __aeabi_d* and conversions, and the generic
# __addsf3, __mulsf3, __fixsfsi, __floatsisf, __ltsf2, ... of every target):
# what an image that decides by integers alone must not link on a core
# without an FPU.
#
# Usage: cmake -DELF=<image.elf> [-DNM=<path to nm>] -P check_no_soft_float.cmake

cmake_minimum_required(VERSION 3.16)

include("${CMAKE_CURRENT_LIST_DIR}/image_symbols.cmake")
tinyfair_image_symbols(check_no_soft_float "${ELF}" "${NM}" symbols)

set(patterns
  "^__aeabi_(f|d|[iu]l?2[fd]|l2[fd]|ul2[fd])"
  "^__(add|sub|mul|div|neg|cmp|eq|ne|lt|le|gt|ge|unord|pow)[sdx]f[23]$"
  "^__(fix|fixuns)[sdx]f[sdt]i$"
  "^__float(un)?[sdt]i[sdx]f$"
  "^__(extend|trunc)[sdx]f[sdx]f2$")

tinyfair_symbols_matching("${symbols}" "${patterns}" offenders)

if(offenders)
  message("check_no_soft_float: ${ELF} links floating-point routines:\n${offenders}"
          "Find who calls them with the linker's -Wl,--trace-symbol=<name>.")
  message(FATAL_ERROR "check_no_soft_float: FAILED")
endif()
message(STATUS "check_no_soft_float: OK, no floating-point routine in ${ELF}")
