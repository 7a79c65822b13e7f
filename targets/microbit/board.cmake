# Board description for QEMU's microbit (nRF51822: Cortex-M0, no FPU, 256 KiB
# flash, 16 KiB RAM). Variables as documented in mps2_an386/board.cmake.

set(TINYFAIR_BOARD microbit)
set(TINYFAIR_BOARD_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(TINYFAIR_BOARD_TOOLCHAIN_PREFIX "arm-none-eabi-")
set(TINYFAIR_BOARD_TOOLCHAIN_FILE "${CMAKE_CURRENT_LIST_DIR}/../cmake/arm-none-eabi-gcc.cmake")

set(TINYFAIR_CPU_FLAGS
  -mcpu=cortex-m0
  -mthumb
  -mfloat-abi=soft
)

set(TINYFAIR_LINKER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/linker.ld")
set(TINYFAIR_STARTUP_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../common/startup.cc")
# The nRF51 NVIC has 32 interrupt lines.
set(TINYFAIR_BOARD_DEFINITIONS TINYFAIR_TARGET_NUM_IRQS=32)

# See mps2_an386/board.cmake for why the serial port and monitor are off.
set(TINYFAIR_QEMU_COMMAND
  qemu-system-arm
  -M microbit
  -nographic
  -monitor none
  -serial none
  -semihosting-config enable=on,target=native
  -kernel <ELF>
)
