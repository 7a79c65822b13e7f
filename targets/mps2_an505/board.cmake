# Board description for QEMU's mps2-an505 (Arm MPS2+ with the IoT Kit: a
# Cortex-M33 with FPU and TrustZone, booting in Secure state). Variables as
# documented in mps2_an386/board.cmake.

set(TINYFAIR_BOARD mps2_an505)
set(TINYFAIR_BOARD_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(TINYFAIR_BOARD_TOOLCHAIN_PREFIX "arm-none-eabi-")
set(TINYFAIR_BOARD_TOOLCHAIN_FILE "${CMAKE_CURRENT_LIST_DIR}/../cmake/arm-none-eabi-gcc.cmake")

set(TINYFAIR_CPU_FLAGS
  -mcpu=cortex-m33
  -mthumb
  -mfpu=fpv5-sp-d16
  -mfloat-abi=hard
)

set(TINYFAIR_LINKER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/linker.ld")
set(TINYFAIR_STARTUP_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../common/startup.cc")
# 32 IoT Kit interrupts plus the AN505's 92 expansion interrupts.
set(TINYFAIR_BOARD_DEFINITIONS TINYFAIR_TARGET_NUM_IRQS=124)

# See mps2_an386/board.cmake for why the serial port and monitor are off.
set(TINYFAIR_QEMU_COMMAND
  qemu-system-arm
  -M mps2-an505
  -nographic
  -monitor none
  -serial none
  -semihosting-config enable=on,target=native
  -kernel <ELF>
)
