// Cortex-M vector table, reset handler, stack painting, fault reports.
#include <array>
#include <cstddef>
#include <cstdint>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"

#ifndef TINYFAIR_TARGET_NUM_IRQS
#error "the board must define TINYFAIR_TARGET_NUM_IRQS"
#endif

// Cores with the v7-M/v8-M Main extension have VTOR and the configurable
// fault status registers; v6-M and v8-M Baseline cores lack the latter.
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__) || \
    defined(__ARM_ARCH_8_1M_MAIN__)
#define TINYFAIR_TARGET_HAS_MAIN_EXTENSION 1
#else
#define TINYFAIR_TARGET_HAS_MAIN_EXTENSION 0
#endif

// Symbols defined by the board linker script.
extern "C" {
using InitFunction = void (*)();
extern uint32_t __data_load_start__[];
extern uint32_t __data_start__[];
extern uint32_t __data_end__[];
extern uint32_t __bss_start__[];
extern uint32_t __bss_end__[];
extern uint32_t __stack_limit[];
extern uint32_t __stack_top[];
extern InitFunction __preinit_array_start[];
extern InitFunction __preinit_array_end[];
extern InitFunction __init_array_start[];
extern InitFunction __init_array_end[];
}  // extern "C"

namespace tinyfair::target {

extern "C" {
[[noreturn]] void Reset_Handler();
void tinyfair_target_exception_entry();
[[noreturn]] void tinyfair_target_report_exception(const uint32_t* frame);

// C++ forbids calling ::main, so bind to the symbol under another name.
int tinyfair_target_application_main() __asm__("main");

// Weak so the project can install real handlers by defining these names.
#define TINYFAIR_TARGET_DEFAULT_HANDLER(name) \
  void name() noexcept __attribute__((weak, alias("tinyfair_target_exception_entry")))
TINYFAIR_TARGET_DEFAULT_HANDLER(NMI_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(HardFault_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(MemManage_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(BusFault_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(UsageFault_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(SecureFault_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(SVC_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(DebugMon_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(PendSV_Handler);
TINYFAIR_TARGET_DEFAULT_HANDLER(SysTick_Handler);
#undef TINYFAIR_TARGET_DEFAULT_HANDLER
}  // extern "C"

namespace {

using Vector = void (*)();

constexpr uint32_t kStackPaint = 0x5AA5C33Cu;

// System control block registers.
constexpr uintptr_t kVtor = 0xE000ED08;
constexpr uintptr_t kCfsr = 0xE000ED28;
constexpr uintptr_t kHfsr = 0xE000ED2C;
constexpr uintptr_t kMmfar = 0xE000ED34;
constexpr uintptr_t kBfar = 0xE000ED38;
constexpr uintptr_t kCpacr = 0xE000ED88;
constexpr uintptr_t kSfsr = 0xE000EDE4;
constexpr uintptr_t kSfar = 0xE000EDE8;

inline volatile uint32_t& Register(uintptr_t address) {
  return *reinterpret_cast<volatile uint32_t*>(address);
}

struct VectorTable {
  const void* initial_stack_pointer;
  Vector exceptions[15];  // Exception numbers 1 (Reset) to 15 (SysTick).
  std::array<Vector, TINYFAIR_TARGET_NUM_IRQS> interrupts;
};

template <size_t kCount>
constexpr std::array<Vector, kCount> FilledVectors(Vector handler) {
  std::array<Vector, kCount> vectors{};
  for (Vector& vector : vectors) vector = handler;
  return vectors;
}

// Placed at the start of the image by the linker script; every entry is a
// link-time constant, so no code runs to build it.
__attribute__((section(".isr_vector"), used)) const VectorTable kVectorTable = {
    __stack_top,
    {
        Reset_Handler,
        NMI_Handler,
        HardFault_Handler,
        MemManage_Handler,
        BusFault_Handler,
        UsageFault_Handler,
        SecureFault_Handler,
        nullptr,
        nullptr,
        nullptr,
        SVC_Handler,
        DebugMon_Handler,
        nullptr,
        PendSV_Handler,
        SysTick_Handler,
    },
    // Unexpected interrupts are reported like faults.
    FilledVectors<TINYFAIR_TARGET_NUM_IRQS>(tinyfair_target_exception_entry),
};

inline void EnableFpu() {
#if defined(__ARM_FP)
  // Grant full access to CP10/CP11 before any floating-point instruction;
  // otherwise the first one raises a UsageFault (NOCP).
  Register(kCpacr) |= (0xFu << 20);
  __asm__ volatile("dsb\n isb" ::: "memory");
#endif
}

// Fills the unused part of the stack so the high-water mark can be measured.
// volatile keeps the compiler from turning this into a memset() call whose
// own frame would lie inside the region being filled.
inline void PaintStack() {
  uint32_t* stack_pointer;
  __asm__ volatile("mov %0, sp" : "=r"(stack_pointer));
  for (volatile uint32_t* word = __stack_limit; word < stack_pointer; ++word) {
    *word = kStackPaint;
  }
}

void RunInitArray(InitFunction* begin, InitFunction* end) {
  for (InitFunction* function = begin; function < end; ++function) {
    (*function)();
  }
}

const char* ExceptionName(uint32_t number) {
  static const char* const kNames[16] = {"Thread",    "Reset",    "NMI",        "HardFault",
                                         "MemManage", "BusFault", "UsageFault", "SecureFault",
                                         "Reserved",  "Reserved", "Reserved",   "SVCall",
                                         "DebugMon",  "Reserved", "PendSV",     "SysTick"};
  return number < 16 ? kNames[number] : "IRQ";
}

void WriteField(const char* label, uint32_t value) {
  WriteString(label);
  WriteHex(value);
}

}  // namespace

extern "C" {

void Reset_Handler() {
  EnableFpu();
  PaintStack();
  // Plain loops: the compiler may call memcpy/memset here, which is fine.
  const uint32_t* source = __data_load_start__;
  for (uint32_t* word = __data_start__; word < __data_end__; ++word) {
    *word = *source++;
  }
  for (uint32_t* word = __bss_start__; word < __bss_end__; ++word) *word = 0;
#if TINYFAIR_TARGET_HAS_MAIN_EXTENSION
  // Keep exceptions on this image's table even when a loader started us.
  Register(kVtor) = reinterpret_cast<uintptr_t>(&kVectorTable);
  __asm__ volatile("dsb\n isb" ::: "memory");
#endif
  RunInitArray(__preinit_array_start, __preinit_array_end);
  RunInitArray(__init_array_start, __init_array_end);

  const int code = tinyfair_target_application_main();

  // The stack sits at the bottom of RAM and the space below it ignores
  // writes on QEMU, so without this check an overflow could still pass.
  if (__stack_limit[0] != kStackPaint) {
    WriteString("tinyfair: stack overflow: all ");
    WriteDecimal(static_cast<long>(tinyfair_target_stack_size_bytes()));
    WriteString(" stack bytes were used\n");
    Exit(kExitStackOverflow);
  }
  // Static destructors are deliberately not run: the image just stops.
  Exit(code);
}

// Finds the stacked frame of the interrupted context (MSP or PSP, from
// EXC_RETURN bit 2) and hands it to the reporter. If that frame lies below
// the stack, the stack overflowed and the reporter gets a fresh stack, since
// pushes there are lost. Only v6-M instructions, so Cortex-M0 boards can
// share it.
__attribute__((naked)) void tinyfair_target_exception_entry() {
  __asm__(
      "movs r0, #4\n"
      "mov r1, lr\n"
      "tst r0, r1\n"
      "beq 1f\n"
      "mrs r0, psp\n"
      "b 2f\n"
      "1:\n"
      "mrs r0, msp\n"
      "2:\n"
      "ldr r1, =__stack_limit\n"
      "cmp r0, r1\n"
      "bhs 3f\n"
      "ldr r1, =__stack_top\n"
      "mov sp, r1\n"
      "3:\n"
      "ldr r1, =tinyfair_target_report_exception\n"
      "bx r1\n"
      ".ltorg\n");
}

// Prints which exception fired and where, then exits non-zero so a crash can
// never be mistaken for a passing run.
__attribute__((used)) void tinyfair_target_report_exception(const uint32_t* frame) {
  uint32_t ipsr;
  __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
  const uint32_t number = ipsr & 0x1FFu;
  WriteString("\ntinyfair: fatal exception ");
  WriteString(ExceptionName(number));
  if (number >= 16) WriteDecimal(static_cast<long>(number - 16));
  WriteString(" (exception ");
  WriteDecimal(static_cast<long>(number));
  WriteString(")");
  // A frame below the stack was never really written (see the entry code),
  // and reading it could fault again on hardware.
  const bool overflowed = frame < __stack_limit;
  if (overflowed) {
    WriteString(" with the stack overflowed");
  } else {
    // Stacked frame layout: r0, r1, r2, r3, r12, lr, pc, xPSR.
    WriteField(" pc=", frame[6]);
    WriteField(" lr=", frame[5]);
    WriteField(" xpsr=", frame[7]);
  }
#if TINYFAIR_TARGET_HAS_MAIN_EXTENSION
  WriteField("\ntinyfair: cfsr=", Register(kCfsr));
  WriteField(" hfsr=", Register(kHfsr));
  WriteField(" mmfar=", Register(kMmfar));
  WriteField(" bfar=", Register(kBfar));
#endif
#if defined(__ARM_FEATURE_CMSE)
  // v8-M cores with TrustZone: a security violation (a SecureFault, or the
  // HardFault it escalates to) is described here. Reads as zero when the
  // core has no Security Extension or runs Non-secure.
  WriteField(TINYFAIR_TARGET_HAS_MAIN_EXTENSION ? " sfsr=" : "\ntinyfair: sfsr=", Register(kSfsr));
  WriteField(" sfar=", Register(kSfar));
#endif
  WriteString("\n");
  if (overflowed) Exit(kExitStackOverflow);
  Exit(number < 16 ? kExitFaultBase + static_cast<int>(number) : kExitUnexpectedInterrupt);
}

size_t tinyfair_target_stack_size_bytes() {
  return static_cast<size_t>(__stack_top - __stack_limit) * sizeof(uint32_t);
}

size_t tinyfair_target_stack_high_water_bytes() {
  const uint32_t* word = __stack_limit;
  while (word < __stack_top && *word == kStackPaint) ++word;
  return static_cast<size_t>(__stack_top - word) * sizeof(uint32_t);
}

}  // extern "C"

}  // namespace tinyfair::target
