#include "bench/runtime/instruction_counter.h"

namespace tinyfair::bench {
namespace {

#if defined(__arm__)
// SysTick: control and status, reload value, current value (counts down).
volatile uint32_t& Register(uintptr_t address) {
  return *reinterpret_cast<volatile uint32_t*>(address);
}
constexpr uintptr_t kSystCsr = 0xE000E010;
constexpr uintptr_t kSystRvr = 0xE000E014;
constexpr uintptr_t kSystCvr = 0xE000E018;
constexpr uint32_t kCounterMask = 0xFFFFFFu;

inline uint32_t Now() { return kCounterMask - Register(kSystCvr); }
#elif defined(__riscv)
constexpr uint32_t kCounterMask = 0xFFFFFFFFu;

inline uint32_t Now() {
  uint32_t cycles;
  __asm__ volatile("rdcycle %0" : "=r"(cycles));
  return cycles;
}
#else
#error "instruction_counter: unknown architecture"
#endif

}  // namespace

void StartCounter() {
#if defined(__arm__)
  Register(kSystRvr) = kCounterMask;
  Register(kSystCvr) = 0;
  // ENABLE, CLKSOURCE = processor clock, no interrupt.
  Register(kSystCsr) = 0x5u;
#endif
}

// noinline: one copy of the loop for every function measured, so that the
// loop's own instructions cancel in the differences.
__attribute__((noinline)) uint32_t CallTicks(void (*fn)(void*), void* context, uint32_t calls) {
  const uint32_t start = Now();
  for (uint32_t i = 0; i < calls; ++i) fn(context);
  return (Now() - start) & kCounterMask;
}

__attribute__((noinline)) uint32_t CalibrationTicks(uint32_t iterations) {
  const uint32_t start = Now();
#if defined(__arm__)
  // GCC switches Thumb-1 inline assembly to divided syntax; this is unified.
  __asm__ volatile(".syntax unified\n1: subs %0, %0, #1\n bne 1b" : "+l"(iterations) : : "cc");
#elif defined(__riscv)
  __asm__ volatile("1: addi %0, %0, -1\n bnez %0, 1b" : "+r"(iterations));
#endif
  return (Now() - start) & kCounterMask;
}

}  // namespace tinyfair::bench
