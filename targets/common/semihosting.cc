// Semihosting host calls. The operations and their parameter blocks are
// Arm's; RISC-V uses the same ones with a different trap, so only Call()
// depends on the architecture. C headers only: some toolchains (Debian's
// riscv64-unknown-elf) have no C++ library headers.
#include "targets/common/semihosting.h"

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::target {
namespace {

// Operation numbers from the Arm semihosting specification.
constexpr uintptr_t kSysOpen = 0x01;
constexpr uintptr_t kSysClose = 0x02;
constexpr uintptr_t kSysWriteC = 0x03;
constexpr uintptr_t kSysWrite = 0x05;
constexpr uintptr_t kSysRead = 0x06;
constexpr uintptr_t kSysSeek = 0x0A;
constexpr uintptr_t kSysFlen = 0x0C;
constexpr uintptr_t kSysGetCmdline = 0x15;
constexpr uintptr_t kSysExit = 0x18;
constexpr uintptr_t kSysExitExtended = 0x20;

// Reason codes for SYS_EXIT / SYS_EXIT_EXTENDED.
constexpr uintptr_t kAdpStoppedRunTimeErrorUnknown = 0x20023;
constexpr uintptr_t kAdpStoppedApplicationExit = 0x20026;

// Handle of the host console opened as ":tt"; -1 until first use.
int console_handle = -1;

// Performs one semihosting call. The "memory" clobber matters: the host
// reads and writes guest memory behind the compiler's back.
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
inline uintptr_t Call(uintptr_t operation, uintptr_t argument) {
  register uintptr_t r0 __asm__("r0") = operation;
  register uintptr_t r1 __asm__("r1") = argument;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}
#elif defined(__riscv)
// The host recognises the ebreak by the two no-op shifts around it, which
// must be uncompressed and on the same page as the ebreak: the 16-byte
// alignment keeps the 12-byte sequence off page boundaries. Out of line, so
// the alignment padding exists once.
__attribute__((noinline)) uintptr_t Call(uintptr_t operation, uintptr_t argument) {
  register uintptr_t a0 __asm__("a0") = operation;
  register uintptr_t a1 __asm__("a1") = argument;
  __asm__ volatile(
      ".option push\n"
      ".option norvc\n"
      ".balign 16\n"
      "slli x0, x0, 0x1f\n"
      "ebreak\n"
      "srai x0, x0, 7\n"
      ".option pop\n"
      : "+r"(a0)
      : "r"(a1)
      : "memory");
  return a0;
}
#else
#error "semihosting is implemented for Arm M-profile and RISC-V cores only"
#endif

inline uintptr_t Call(uintptr_t operation, const void* block) {
  return Call(operation, reinterpret_cast<uintptr_t>(block));
}

size_t StringLength(const char* text) {
  size_t length = 0;
  while (text[length] != '\0') ++length;
  return length;
}

int ConsoleHandle() {
  if (console_handle < 0) console_handle = Open(":tt", kOpenWrite);
  return console_handle;
}

}  // namespace

void Write(const char* text, size_t size) {
  if (size == 0) return;
  const int handle = ConsoleHandle();
  if (handle >= 0) {
    const uintptr_t block[3] = {static_cast<uintptr_t>(handle), reinterpret_cast<uintptr_t>(text),
                                size};
    Call(kSysWrite, block);
    return;
  }
  // Hosts without ":tt" still offer the one-character call.
  for (size_t i = 0; i < size; ++i) Call(kSysWriteC, &text[i]);
}

void WriteString(const char* text) { Write(text, StringLength(text)); }

void WriteDecimal(long value) {
  char digits[24];
  size_t pos = sizeof(digits);
  // Work on the unsigned magnitude so LONG_MIN does not overflow.
  unsigned long magnitude =
      value < 0 ? 0UL - static_cast<unsigned long>(value) : static_cast<unsigned long>(value);
  do {
    digits[--pos] = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  if (value < 0) digits[--pos] = '-';
  Write(&digits[pos], sizeof(digits) - pos);
}

void WriteHex(uint32_t value) {
  char digits[10] = {'0', 'x'};
  for (int i = 0; i < 8; ++i) {
    const uint32_t nibble = (value >> (28 - 4 * i)) & 0xFu;
    digits[2 + i] = static_cast<char>(nibble < 10 ? '0' + nibble : 'a' + nibble - 10);
  }
  Write(digits, sizeof(digits));
}

int Open(const char* path, int mode) {
  const uintptr_t block[3] = {reinterpret_cast<uintptr_t>(path), static_cast<uintptr_t>(mode),
                              StringLength(path)};
  return static_cast<int>(Call(kSysOpen, block));
}

long Read(int handle, void* buffer, size_t size) {
  const uintptr_t block[3] = {static_cast<uintptr_t>(handle), reinterpret_cast<uintptr_t>(buffer),
                              size};
  // The host returns the number of bytes it did NOT read.
  const uintptr_t not_read = Call(kSysRead, block);
  if (not_read > size) return -1;
  return static_cast<long>(size - not_read);
}

int Seek(int handle, long position) {
  const uintptr_t block[2] = {static_cast<uintptr_t>(handle), static_cast<uintptr_t>(position)};
  return Call(kSysSeek, block) == 0 ? 0 : -1;
}

long FileLength(int handle) {
  const uintptr_t block[1] = {static_cast<uintptr_t>(handle)};
  return static_cast<long>(Call(kSysFlen, block));
}

void Close(int handle) {
  const uintptr_t block[1] = {static_cast<uintptr_t>(handle)};
  Call(kSysClose, block);
}

long GetCommandLine(char* buffer, size_t size) {
  if (size == 0) return -1;
  // The host updates the length field in place.
  uintptr_t block[2] = {reinterpret_cast<uintptr_t>(buffer), size};
  if (Call(kSysGetCmdline, block) != 0) return -1;
  return static_cast<long>(block[1]);
}

void Exit(int code) {
  // Hosts keep only the low 8 bits (256 would read as success), so map
  // anything out of range to 255.
  if (code < 0 || code > 255) code = 255;
  // On AArch32 and 32-bit RISC-V plain SYS_EXIT can only say "success" or
  // "failure", so ask for SYS_EXIT_EXTENDED first, which carries the exact
  // status code.
  const uintptr_t block[2] = {kAdpStoppedApplicationExit, static_cast<uintptr_t>(code)};
  Call(kSysExitExtended, block);
  // Only reached on hosts without SYS_EXIT_EXTENDED: keep pass/fail right.
  Call(kSysExit, code == 0 ? kAdpStoppedApplicationExit : kAdpStoppedRunTimeErrorUnknown);
  // Nothing left to run; sleep instead of spinning the host CPU.
  for (;;) {
    __asm__ volatile("wfi");
  }
}

}  // namespace tinyfair::target
