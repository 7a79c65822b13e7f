// Startup-code services for firmware: stack usage and runtime exit codes.
#ifndef TINYFAIR_TARGETS_COMMON_BOARD_H_
#define TINYFAIR_TARGETS_COMMON_BOARD_H_

#include <stddef.h>

namespace tinyfair::target {

// Exit codes used by the runtime itself, chosen away from small codes that a
// test's main() is likely to return.
// abort(), a failed assert() or a pure virtual call (128 + SIGABRT).
inline constexpr int kExitAbort = 134;
// The stack grew past its limit (seen at a fault or after main() returns).
inline constexpr int kExitStackOverflow = 135;
// A fatal exception exits with kExitFaultBase + exception number, e.g. 203 for
// HardFault (3), 206 for UsageFault (6); on RISC-V the number is mcause's
// exception code, e.g. 202 for an illegal instruction, 207 for a store
// access fault. Unexpected interrupts exit with kExitUnexpectedInterrupt.
inline constexpr int kExitFaultBase = 200;
inline constexpr int kExitUnexpectedInterrupt = 216;

}  // namespace tinyfair::target

extern "C" {

// Size of the stack region reserved by the linker script, in bytes.
size_t tinyfair_target_stack_size_bytes();

// Deepest stack use since reset, in bytes: the stack is filled with a pattern
// at reset and this scans for the lowest word that no longer holds it.
size_t tinyfair_target_stack_high_water_bytes();

}  // extern "C"

#endif  // TINYFAIR_TARGETS_COMMON_BOARD_H_
