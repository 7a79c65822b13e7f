# CMake toolchain file for bare-metal RISC-V with the GNU riscv64-unknown-elf
# toolchain and picolibc (Debian: gcc-riscv64-unknown-elf,
# picolibc-riscv64-unknown-elf). The same compiler builds 32- and 64-bit
# code; the board's -march/-mabi pick the picolibc and libgcc multilib.
#
# Usage:
#   cmake -G Ninja -DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/riscv64-unknown-elf-gcc.cmake \
#         -DTINYFAIR_BOARD=riscv32_virt <source dir>
#
# What every bare-metal GCC shares is in bare_metal_gcc.cmake.
#
# This toolchain ships no C++ standard library, neither headers nor
# libstdc++: C++ sources may use only the C headers, and C++ images are linked
# by the C driver (g++ would ask for -lstdc++; GCC 12 has no -nostdlib++).

set(CMAKE_SYSTEM_PROCESSOR riscv)
set(TINYFAIR_TOOLCHAIN_PREFIX "riscv64-unknown-elf-")
set(TINYFAIR_TOOLCHAIN_C_LIBRARY_SPECS "--specs=picolibc.specs")
include("${CMAKE_CURRENT_LIST_DIR}/bare_metal_gcc.cmake")

# Link C++ executables with the C driver: the same libraries (picolibc,
# libgcc) minus the libstdc++ that does not exist here.
set(CMAKE_CXX_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")

# picolibc's target tree: picolibc.specs names it
# <prefix>/lib/picolibc/<triple>, the prefix being the compiler's.
find_program(_tinyfair_c_compiler_path "${CMAKE_C_COMPILER}" NO_CACHE)
if(_tinyfair_c_compiler_path)
  get_filename_component(_tinyfair_picolibc_root
    "${_tinyfair_c_compiler_path}/../../lib/picolibc/riscv64-unknown-elf" ABSOLUTE)
  if(IS_DIRECTORY "${_tinyfair_picolibc_root}")
    set(CMAKE_FIND_ROOT_PATH "${_tinyfair_picolibc_root}")
  endif()
endif()

# The constructor tables are writable sections (as compilers emit them) in
# the image's read-only region, which ld would report as an RWX segment; the
# startup code makes that region read-only.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--no-warn-rwx-segments")
