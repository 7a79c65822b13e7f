// Stack depth of one call, measured on the painted stack: the free stack
// below the caller is painted again before each call, so that measurements
// in one image do not see each other's high-water marks.
#pragma once

#include <stddef.h>
#include <stdint.h>

// The lowest stack address, from the board's linker script.
extern "C" uint32_t __stack_limit[];

namespace tinyfair::bench {

__attribute__((always_inline)) inline uintptr_t StackPointer() {
  uintptr_t sp;
#if defined(__arm__)
  __asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__riscv)
  __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
#error "StackPointer: unknown architecture"
#endif
  return sp;
}

/// The bytes below this function's stack pointer that `call` wrote: the
/// depth of the calls it makes. `call` must be inlined (mark the lambda
/// always_inline) so that its own frame is not counted; the paint loop is a
/// volatile loop, not memset(), whose frame would lie in the painted region.
/// The paint is the startup code's own, read from the stack's lowest word
/// (unused unless the stack overflowed), so that its overflow check at exit
/// still holds.
template <typename Call>
__attribute__((noinline)) size_t StackUse(const Call& call) {
  const uintptr_t sp = StackPointer();
  const uint32_t paint = __stack_limit[0];
  volatile uint32_t* word = __stack_limit;
  for (; reinterpret_cast<uintptr_t>(word) < sp; ++word) *word = paint;
  call();
  word = __stack_limit;
  while (reinterpret_cast<uintptr_t>(word) < sp && *word == paint) ++word;
  return sp - reinterpret_cast<uintptr_t>(word);
}

}  // namespace tinyfair::bench
