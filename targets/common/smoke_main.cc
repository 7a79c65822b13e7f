// Smoke-test firmware: console, host files, FPU, static init, exit codes.
//
// Words on the command line (QEMU -append) select extra checks:
//   read=<file>  read <file> from the host working directory and print its
//                length and FNV-1a hash; fails if it cannot be read fully
//   exit=<n>     return <n> from main() (exit-code plumbing)
//   fault        call through a null function pointer (expects a fatal
//                exception: a HardFault on Arm, an access fault on RISC-V)
//   abort        call abort() (expects exit code 134)
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"

namespace tinyfair::target {
namespace {

// Dynamic initialisation (through .init_array) and .data/.bss setup probes.
volatile int startup_seed = 7;
const int startup_product = startup_seed * 6;
int data_probe = 1234;
int bss_probe;

bool StartsWith(const char* text, const char* prefix) {
  while (*prefix != '\0') {
    if (*text++ != *prefix++) return false;
  }
  return true;
}

bool Equals(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

int ParseInt(const char* text) {
  int value = 0;
  while (*text >= '0' && *text <= '9') value = value * 10 + (*text++ - '0');
  return value;
}

int CheckFloat() {
  // volatile keeps the compiler from folding this at build time, so the
  // arithmetic really runs on the FPU (a UsageFault if it is not enabled).
  volatile float a = 1.5f;
  volatile float b = 2.25f;
  const float result = a * b + sqrtf(b);  // 3.375 + 1.5
  WriteString("tinyfair smoke: float 1.5*2.25+sqrt(2.25) = ");
  WriteDecimal(static_cast<long>(result * 1000.0f));
  WriteString("e-3\n");
  return result == 4.875f ? 0 : 1;
}

int ReadFile(const char* path) {
  const int handle = Open(path, kOpenReadBinary);
  if (handle < 0) {
    WriteString("tinyfair smoke: cannot open ");
    WriteString(path);
    WriteString("\n");
    return 1;
  }
  const long length = FileLength(handle);
  uint32_t hash = 2166136261u;
  long total = 0;
  uint8_t buffer[64];
  for (;;) {
    const long count = Read(handle, buffer, sizeof(buffer));
    if (count <= 0) break;
    for (long i = 0; i < count; ++i) hash = (hash ^ buffer[i]) * 16777619u;
    total += count;
  }
  Close(handle);
  WriteString("tinyfair smoke: read ");
  WriteString(path);
  WriteString(": ");
  WriteDecimal(total);
  WriteString(" bytes, fnv1a ");
  WriteHex(hash);
  WriteString("\n");
  return (length >= 0 && total == length) ? 0 : 1;
}

// Runs one command-line word; returns a non-zero exit code to stop early.
int RunCommand(const char* word) {
  if (StartsWith(word, "read=")) return ReadFile(word + 5);
  if (StartsWith(word, "exit=")) return ParseInt(word + 5);
  if (Equals(word, "abort")) abort();
  if (Equals(word, "fault")) {
    void (*volatile null_function)() = nullptr;
    null_function();
    return 1;  // Not reached: the call faults.
  }
  WriteString("tinyfair smoke: unknown command ");
  WriteString(word);
  WriteString("\n");
  return 2;
}

int Run() {
  WriteString("tinyfair smoke: hello\n");
  if (startup_product != 42 || data_probe != 1234 || bss_probe != 0) {
    WriteString("tinyfair smoke: static initialisation is broken\n");
    return 1;
  }
  if (CheckFloat() != 0) return 1;

  // The first word is the image path; the rest are commands.
  char command_line[256];
  if (GetCommandLine(command_line, sizeof(command_line)) > 0) {
    char* word = command_line;
    bool first = true;
    while (*word != '\0') {
      char* end = word;
      while (*end != '\0' && *end != ' ') ++end;
      const bool last = *end == '\0';
      *end = '\0';
      if (!first && *word != '\0') {
        const int code = RunCommand(word);
        if (code != 0) return code;
      }
      first = false;
      if (last) break;
      word = end + 1;
    }
  }

  WriteString("tinyfair smoke: stack high water ");
  WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  WriteString(" of ");
  WriteDecimal(static_cast<long>(tinyfair_target_stack_size_bytes()));
  WriteString(" bytes\n");
  WriteString("tinyfair smoke: pass\n");
  return 0;
}

}  // namespace
}  // namespace tinyfair::target

int main() { return tinyfair::target::Run(); }
