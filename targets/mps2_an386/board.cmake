# Board description for QEMU's mps2-an386 (Arm MPS2 with a Cortex-M4F, hard-float ABI).
#
# Every board folder (targets/<board>/board.cmake) sets the same variables;
# the toolchain file applies the CPU flags and firmware.cmake uses the rest:
#   TINYFAIR_BOARD                    folder name of the board
#   TINYFAIR_BOARD_DIR                this folder
#   TINYFAIR_BOARD_TOOLCHAIN_PREFIX   tool prefix the board needs ("arm-none-eabi-")
#   TINYFAIR_BOARD_TOOLCHAIN_FILE     CMake toolchain file for that prefix (the host build uses it)
#   TINYFAIR_CPU_FLAGS                list of -m flags for compiling and linking
#   TINYFAIR_BOARD_COMPILE_DEFINITIONS  optional preprocessor definitions for every
#                                     compile of the image (e.g. runtime options)
#   TINYFAIR_LINKER_SCRIPT            linker script path
#   TINYFAIR_STARTUP_SOURCES          startup code compiled into each firmware
#   TINYFAIR_STARTUP_WITHOUT_LTO      optional: ON when the startup calls main()
#                                     from assembly (compiled without LTO then)
#   TINYFAIR_BOARD_DEFINITIONS        preprocessor definitions for that code
#   TINYFAIR_QEMU_COMMAND             emulator command line; <ELF> stands for the image

set(TINYFAIR_BOARD mps2_an386)
set(TINYFAIR_BOARD_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(TINYFAIR_BOARD_TOOLCHAIN_PREFIX "arm-none-eabi-")
set(TINYFAIR_BOARD_TOOLCHAIN_FILE "${CMAKE_CURRENT_LIST_DIR}/../cmake/arm-none-eabi-gcc.cmake")

set(TINYFAIR_CPU_FLAGS
  -mcpu=cortex-m4
  -mthumb
  -mfpu=fpv4-sp-d16
  -mfloat-abi=hard
)

set(TINYFAIR_LINKER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/linker.ld")
set(TINYFAIR_STARTUP_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../common/startup.cc")
# QEMU wires 32 external interrupts to the AN385/AN386 NVIC.
set(TINYFAIR_BOARD_DEFINITIONS TINYFAIR_TARGET_NUM_IRQS=32)

# -nographic alone would attach the serial port and monitor to stdio and read
# from it; -serial none -monitor none leave stdin untouched, so QEMU never
# waits for input. Semihosting output still goes to stdout, and target=native
# keeps file access on the host running QEMU.
set(TINYFAIR_QEMU_COMMAND
  qemu-system-arm
  -M mps2-an386
  -nographic
  -monitor none
  -serial none
  -semihosting-config enable=on,target=native
  -kernel <ELF>
)
