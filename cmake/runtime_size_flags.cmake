# The runtime's size flags in a firmware project that takes the runtime
# (add_subdirectory(<checkout>) or find_package(tinyfair)), whatever that
# project's build type: without them a Debug or an empty build type compiles
# the runtime at -O0, about twice the flash docs/benchmarks.md measures.
#   -Os                                after the build type's -O level, so it wins
#   -ffunction-sections -fdata-sections  each function and object in a section of
#                                      its own, which the image's link drops when
#                                      nothing uses it (-Wl,--gc-sections, in the
#                                      runtime's usage requirements)
#   link-time optimisation             where the caller's toolchain has it
#                                      (CheckIPOSupported)
# Every target this project creates gets them (the runtime, nanopb, the
# cryptography, and each tinyfair_add_runtime() copy); the caller's own
# sources keep the caller's flags. TINYFAIR_RUNTIME_SIZE_FLAGS=OFF leaves the
# runtime to the caller's flags too.
include_guard(DIRECTORY)
option(TINYFAIR_RUNTIME_SIZE_FLAGS
       "Compile the tinyfair runtime for size (-Os, sections, LTO) in this project" ON)
set(TINYFAIR_RUNTIME_LINK_OPTIONS "")
if(NOT TINYFAIR_RUNTIME_SIZE_FLAGS)
  return()
endif()

add_compile_options(-Os -ffunction-sections -fdata-sections)
set(TINYFAIR_RUNTIME_LINK_OPTIONS -Wl,--gc-sections)

# The check links a program; a bare-metal toolchain links none without the
# board's startup code and system calls (newlib's exit() wants _exit), so its
# program is linked without the C library (-nostdlib; it calls none).
include(CheckIPOSupported)
set(tinyfair_saved_c_flags "${CMAKE_C_FLAGS}")
set(tinyfair_saved_cxx_flags "${CMAKE_CXX_FLAGS}")
string(APPEND CMAKE_C_FLAGS " -nostdlib")
string(APPEND CMAKE_CXX_FLAGS " -nostdlib")
check_ipo_supported(RESULT tinyfair_ipo_supported OUTPUT tinyfair_ipo_output LANGUAGES C CXX)
set(CMAKE_C_FLAGS "${tinyfair_saved_c_flags}")
set(CMAKE_CXX_FLAGS "${tinyfair_saved_cxx_flags}")
if(tinyfair_ipo_supported)
  set(CMAKE_INTERPROCEDURAL_OPTIMIZATION ON)
  # The caller's image is linked by the caller's rules: -flto there makes the
  # link optimise the runtime's objects with the caller's code.
  list(APPEND TINYFAIR_RUNTIME_LINK_OPTIONS -flto)
  message(STATUS "tinyfair: the runtime is compiled with -Os and link-time optimisation")
else()
  message(STATUS "tinyfair: the runtime is compiled with -Os; no link-time optimisation "
                 "with this toolchain: ${tinyfair_ipo_output}")
endif()
