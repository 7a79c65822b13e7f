// RISC-V machine-mode startup: entry, stack guard and painting, trap reports.
//
// The toolchain has no C++ library headers: only C headers here.
#include <stddef.h>
#include <stdint.h>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"

// The assembly moves 32-bit words and pointers.
#if !defined(__riscv) || __riscv_xlen != 32
#error "riscv_startup.cc is the startup code for 32-bit RISC-V cores"
#endif

#define TINYFAIR_TARGET_STRINGIFY2(x) #x
#define TINYFAIR_TARGET_STRINGIFY(x) TINYFAIR_TARGET_STRINGIFY2(x)

// Written over the whole stack at reset; also used by the assembly below.
#define TINYFAIR_TARGET_STACK_PAINT 0x5AA5C33C

#if defined(__riscv_flen)
// mstatus.FS = Initial: with FS off the first float instruction traps.
#define TINYFAIR_TARGET_ENABLE_FPU \
  "  li t0, 0x2000\n"              \
  "  csrs mstatus, t0\n"           \
  "  csrw fcsr, zero\n"
#else
#define TINYFAIR_TARGET_ENABLE_FPU ""
#endif

// Symbols defined by the board linker script.
extern "C" {
extern uint32_t __stack_limit[];
extern uint32_t __stack_top[];
}  // extern "C"

// Entry point, jumped to in machine mode with nothing set up. It installs the
// trap handler first, so that any fault from here on is reported; takes
// write access to the CODE region away, for machine mode too (a locked PMP
// entry): the stack sits right above it, so an overflow faults at its first
// store, and stray writes into code or constants fault as well. Then the
// stack is painted whole (for the high-water mark), .data and .tdata are
// copied, .tbss and .bss zeroed, the constructors run and main() is called.
// Plain assembly, so that no compiled code runs before gp, tp and memory are
// ready. The locked entry holds until reset, which is what a firmware wants.
__asm__(
    "  .section .text.tinyfair_start, \"ax\", @progbits\n"
    "  .globl _start\n"
    "  .type _start, @function\n"
    "_start:\n"
    "  .option push\n"
    "  .option norelax\n"
    "  la gp, __global_pointer$\n"
    "  .option pop\n"
    "  la t0, tinyfair_target_trap_entry\n"
    "  csrw mtvec, t0\n"
    "  csrw mie, zero\n"
    // PMP entry 0 is the base of entry 1, a top-of-range region with
    // L (locked, binds machine mode) | TOR | X | R, and no W.
    "  la t0, __code_start\n"
    "  srli t0, t0, 2\n"
    "  csrw pmpaddr0, t0\n"
    "  la t0, __code_end\n"
    "  srli t0, t0, 2\n"
    "  csrw pmpaddr1, t0\n"
    "  li t0, 0x8d00\n"
    "  csrw pmpcfg0, t0\n"
    "  la sp, __stack_top\n"
    "  la tp, __tls_base\n"
    TINYFAIR_TARGET_ENABLE_FPU
    "  la t0, __stack_limit\n"
    "  la t1, __stack_top\n"
    "  li t2, " TINYFAIR_TARGET_STRINGIFY(TINYFAIR_TARGET_STACK_PAINT) "\n"
    "1:\n"
    "  bgeu t0, t1, 2f\n"
    "  sw t2, 0(t0)\n"
    "  addi t0, t0, 4\n"
    "  j 1b\n"
    "2:\n"
    "  la a0, __data_start__\n"
    "  la a1, __data_end__\n"
    "  la a2, __data_load_start__\n"
    "  call tinyfair_target_copy_words\n"
    "  la a0, __tdata_start__\n"
    "  la a1, __tdata_end__\n"
    "  la a2, __tdata_load_start__\n"
    "  call tinyfair_target_copy_words\n"
    // .tbss's room lies between .tdata and .bss, so one loop zeroes both.
    "  la t0, __zero_start__\n"
    "  la t1, __bss_end__\n"
    "3:\n"
    "  bgeu t0, t1, 4f\n"
    "  sw zero, 0(t0)\n"
    "  addi t0, t0, 4\n"
    "  j 3b\n"
    "4:\n"
    "  la s0, __preinit_array_start\n"
    "  la s1, __preinit_array_end\n"
    "  call tinyfair_target_run_functions\n"
    "  la s0, __init_array_start\n"
    "  la s1, __init_array_end\n"
    "  call tinyfair_target_run_functions\n"
    "  call main\n"
    "  tail tinyfair_target_main_returned\n"
    "  .size _start, . - _start\n"
    "\n"
    // Copies words from a2 to [a0, a1); a0 and a1 are word aligned.
    "  .type tinyfair_target_copy_words, @function\n"
    "tinyfair_target_copy_words:\n"
    "  bgeu a0, a1, 1f\n"
    "  lw t0, 0(a2)\n"
    "  sw t0, 0(a0)\n"
    "  addi a0, a0, 4\n"
    "  addi a2, a2, 4\n"
    "  j tinyfair_target_copy_words\n"
    "1:\n"
    "  ret\n"
    "  .size tinyfair_target_copy_words, . - tinyfair_target_copy_words\n"
    "\n"
    // Calls each function pointer in [s0, s1). s0 and s1 survive the calls
    // (callee-saved); ra is kept in s2.
    "  .type tinyfair_target_run_functions, @function\n"
    "tinyfair_target_run_functions:\n"
    "  mv s2, ra\n"
    "1:\n"
    "  bgeu s0, s1, 2f\n"
    "  lw t0, 0(s0)\n"
    "  addi s0, s0, 4\n"
    "  jalr t0\n"
    "  j 1b\n"
    "2:\n"
    "  jr s2\n"
    "  .size tinyfair_target_run_functions, . - tinyfair_target_run_functions\n"
    "\n"
    // Trap vector (direct mode: every exception and interrupt comes here;
    // mtvec needs 4-byte alignment). A trap is always fatal, so nothing is
    // saved: a0 and a1 pass the interrupted sp and ra to the reporter, which
    // runs at the top of the stack when sp has left it (an overflow).
    "  .section .text.tinyfair_target_trap_entry, \"ax\", @progbits\n"
    "  .balign 4\n"
    "  .globl tinyfair_target_trap_entry\n"
    "  .type tinyfair_target_trap_entry, @function\n"
    "tinyfair_target_trap_entry:\n"
    "  .option push\n"
    "  .option norelax\n"
    "  mv a0, sp\n"
    "  mv a1, ra\n"
    "  la t0, __stack_limit\n"
    "  bltu sp, t0, 1f\n"
    "  la t0, __stack_top\n"
    "  bleu sp, t0, 2f\n"
    "1:\n"
    "  la sp, __stack_top\n"
    "2:\n"
    "  andi sp, sp, -16\n"
    "  tail tinyfair_target_report_trap\n"
    "  .option pop\n"
    "  .size tinyfair_target_trap_entry, . - tinyfair_target_trap_entry\n"
    "  .text\n");

namespace tinyfair::target {

extern "C" {
[[noreturn]] void tinyfair_target_main_returned(int code);
[[noreturn]] void tinyfair_target_report_trap(uintptr_t sp, uintptr_t ra);
}  // extern "C"

namespace {

constexpr uint32_t kStackPaint = TINYFAIR_TARGET_STACK_PAINT;
constexpr uintptr_t kMcauseInterrupt = uintptr_t{1} << (__riscv_xlen - 1);

inline uintptr_t ReadMcause() {
  uintptr_t value;
  __asm__ volatile("csrr %0, mcause" : "=r"(value));
  return value;
}

inline uintptr_t ReadMepc() {
  uintptr_t value;
  __asm__ volatile("csrr %0, mepc" : "=r"(value));
  return value;
}

inline uintptr_t ReadMtval() {
  uintptr_t value;
  __asm__ volatile("csrr %0, mtval" : "=r"(value));
  return value;
}

const char* ExceptionName(uintptr_t code) {
  static const char* const kNames[16] = {"instruction address misaligned",
                                         "instruction access fault",
                                         "illegal instruction",
                                         "breakpoint",
                                         "load address misaligned",
                                         "load access fault",
                                         "store address misaligned",
                                         "store access fault",
                                         "environment call from U-mode",
                                         "environment call from S-mode",
                                         "reserved",
                                         "environment call from M-mode",
                                         "instruction page fault",
                                         "load page fault",
                                         "reserved",
                                         "store page fault"};
  return code < 16 ? kNames[code] : "custom or reserved exception";
}

void WriteField(const char* label, uintptr_t value) {
  WriteString(label);
  WriteHex(static_cast<uint32_t>(value));
}

// Set while a trap is reported: a trap inside the report (semihosting not
// enabled, so its ebreak traps as a breakpoint) must not recurse forever.
volatile bool reporting_trap = false;

}  // namespace

extern "C" {

void tinyfair_target_main_returned(int code) {
  // The PMP guard faults at the first store below the stack; a program that
  // used the stack exactly to its last word is caught here.
  if (__stack_limit[0] != kStackPaint) {
    WriteString("tinyfair: stack overflow: all ");
    WriteDecimal(static_cast<long>(tinyfair_target_stack_size_bytes()));
    WriteString(" stack bytes were used\n");
    Exit(kExitStackOverflow);
  }
  // Static destructors are deliberately not run: the image just stops.
  Exit(code);
}

// Prints which trap fired and where, then exits non-zero so a crash can
// never be mistaken for a passing run.
__attribute__((used)) void tinyfair_target_report_trap(uintptr_t sp, uintptr_t ra) {
  if (reporting_trap) {
    for (;;) __asm__ volatile("wfi");
  }
  reporting_trap = true;
  const uintptr_t mcause = ReadMcause();
  const uintptr_t mepc = ReadMepc();
  const uintptr_t mtval = ReadMtval();
  const bool interrupt = (mcause & kMcauseInterrupt) != 0;
  const uintptr_t code = mcause & ~kMcauseInterrupt;
  const bool overflowed = sp < reinterpret_cast<uintptr_t>(__stack_limit);

  WriteString("\ntinyfair: fatal ");
  if (interrupt) {
    WriteString("interrupt ");
    WriteDecimal(static_cast<long>(code));
  } else {
    WriteString("exception: ");
    WriteString(ExceptionName(code));
  }
  WriteField(" (mcause=", mcause);
  WriteField(") mepc=", mepc);
  WriteField(" mtval=", mtval);
  WriteField(" ra=", ra);
  WriteField(" sp=", sp);
  if (overflowed) WriteString(" with the stack overflowed");
  WriteString("\n");
  if (overflowed) Exit(kExitStackOverflow);
  if (interrupt) Exit(kExitUnexpectedInterrupt);
  // Exit() turns codes past 255 into 255; cap first so the sum cannot overflow.
  Exit(kExitFaultBase + static_cast<int>(code < 56 ? code : 56));
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
