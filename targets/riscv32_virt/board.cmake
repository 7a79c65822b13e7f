# Board description for QEMU's RISC-V virt machine as a 32-bit microcontroller:
# one hart in machine mode (no firmware: -bios none), the image linked at the
# start of DRAM (0x80000000), where QEMU's reset code jumps. Variables as
# documented in mps2_an386/board.cmake.
#
# rv32imafc/ilp32f: the RISC-V counterpart of the default Cortex-M4F board (a
# single-precision FPU, no double), as in RISC-V MCUs with an F unit; the
# microbit board already covers soft float. IEEE single precision with
# -ffp-contract=off gives the same bits either way, which the golden parity
# test checks. It is one of the toolchain's multilibs (picolibc and libgcc
# are built for it).

set(TINYFAIR_BOARD riscv32_virt)
set(TINYFAIR_BOARD_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(TINYFAIR_BOARD_TOOLCHAIN_PREFIX "riscv64-unknown-elf-")
set(TINYFAIR_BOARD_TOOLCHAIN_FILE "${CMAKE_CURRENT_LIST_DIR}/../cmake/riscv64-unknown-elf-gcc.cmake")

set(TINYFAIR_CPU_FLAGS
  -march=rv32imafc
  -mabi=ilp32f
)

# The toolchain has no C++ standard library headers, which Eigen needs.
set(TINYFAIR_BOARD_COMPILE_DEFINITIONS TINYFAIR_RUNTIME_CFG_EIGEN=0)

set(TINYFAIR_LINKER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/linker.ld")
set(TINYFAIR_STARTUP_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../common/riscv_startup.cc")
# The startup calls main() from assembly (riscv_startup.cc).
set(TINYFAIR_STARTUP_WITHOUT_LTO ON)
set(TINYFAIR_BOARD_DEFINITIONS "")

# See mps2_an386/board.cmake for why the serial port and monitor are off.
set(TINYFAIR_QEMU_COMMAND
  qemu-system-riscv32
  -M virt
  -bios none
  -nographic
  -monitor none
  -serial none
  -semihosting-config enable=on,target=native
  -kernel <ELF>
)
