# Fails when a linked firmware image defines or references any heap allocator symbol.
#
# Usage: cmake -DELF=<image.elf> [-DNM=<path to nm>] -P check_no_allocator.cmake
# NM defaults to "nm"; the cross nm (arm-none-eabi-nm, riscv64-unknown-elf-nm)
# is the safe choice.

cmake_minimum_required(VERSION 3.16)

include("${CMAKE_CURRENT_LIST_DIR}/image_symbols.cmake")
tinyfair_image_symbols(check_no_allocator "${ELF}" "${NM}" symbols)

# C allocators of newlib and picolibc, newlib's reentrant variants and the
# heap's break pointer (newlib's malloc calls _sbrk, picolibc's sbrk).
set(forbidden_names
  malloc free cfree calloc realloc reallocarray reallocf memalign aligned_alloc
  posix_memalign valloc pvalloc malloc_usable_size
  mallinfo mallopt malloc_stats malloc_trim
  _free_r _calloc_r _realloc_r _reallocarray_r _reallocf_r _memalign_r
  _valloc_r _pvalloc_r _cfree_r _mallinfo_r _mallopt_r
  _sbrk _sbrk_r sbrk)

# Prefixes, as pairs of name prefix and readable name: every
# operator new / new[] / delete / delete[] overload (sized, aligned, nothrow)
# for 32-bit (j = unsigned int) and 64-bit (m) size_t; newlib's _malloc_r
# family (_malloc_r, _malloc_usable_size_r, _malloc_trim_r, ...); and the
# allocators' internals, which only an allocator brings (newlib and
# picolibc nano-malloc: __malloc_free_list, __malloc_sbrk_start,
# __malloc_lock, picolibc's __malloc_malloc, __malloc_free, ...).
set(forbidden_prefixes
  "_Znwj" "operator new"      "_Znwm" "operator new"
  "_Znaj" "operator new[]"    "_Znam" "operator new[]"
  "_ZdlPv" "operator delete"  "_ZdaPv" "operator delete[]"
  "_malloc_" "C heap"         "__malloc_" "C heap internals")

set(offenders "")
foreach(symbol IN LISTS symbols)
  string(REPLACE " " ";" symbol "${symbol}")
  list(GET symbol 0 type)
  list(GET symbol 1 name)
  set(what "")
  if(name IN_LIST forbidden_names)
    set(what "C heap")
  else()
    list(LENGTH forbidden_prefixes count)
    math(EXPR last "${count} - 1")
    foreach(index RANGE 0 ${last} 2)
      list(GET forbidden_prefixes ${index} prefix)
      string(FIND "${name}" "${prefix}" position)
      if(position EQUAL 0)
        math(EXPR readable_index "${index} + 1")
        list(GET forbidden_prefixes ${readable_index} what)
        break()
      endif()
    endforeach()
  endif()
  if(what)
    if(type STREQUAL "U" OR type STREQUAL "w" OR type STREQUAL "v")
      set(state "referenced")
    else()
      set(state "defined")
    endif()
    string(APPEND offenders "  ${name} (${what}, ${state}, nm type ${type})\n")
  endif()
endforeach()

if(offenders)
  message("check_no_allocator: ${ELF} contains allocator symbols:\n${offenders}"
          "Find who pulls them in with the linker map (-Wl,--trace-symbol=<name> "
          "or the map file's archive member list). A virtual destructor, for "
          "example, references operator delete.")
  message(FATAL_ERROR "check_no_allocator: FAILED")
endif()
message(STATUS "check_no_allocator: OK, no allocator symbols in ${ELF}")
