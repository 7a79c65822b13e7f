// A free-running counter of the emulated time, for counting instructions
// under `qemu -icount shift=0` (one virtual nanosecond per instruction).
// Cortex-M: SysTick on the processor clock (24 bits); RISC-V: the cycle CSR.
// The counter's unit need not be known: CalibrationTicks() times a loop of a
// known number of instructions, which gives instructions per tick.
#pragma once

#include <stdint.h>

namespace tinyfair::bench {

/// Starts the counter (no interrupt is enabled).
void StartCounter();

/// Ticks elapsed while `calls` calls of fn(context) run, loop included.
uint32_t CallTicks(void (*fn)(void*), void* context, uint32_t calls);

/// Ticks elapsed while a loop of exactly 2 * iterations instructions runs
/// (plus a constant: take the difference of two iteration counts).
uint32_t CalibrationTicks(uint32_t iterations);

}  // namespace tinyfair::bench
