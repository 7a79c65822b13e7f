// The board services the parity firmware uses (targets/common/semihosting.h,
// board.h), on the host with stdio: the same golden_parity_main.cc runs as a
// host program in a host build with small capacities.
#include <cstdio>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"

namespace tinyfair::target {
namespace {

// Open files, by handle; semihosting handles are small integers as well.
std::FILE* g_files[8] = {};

std::FILE* File(int handle) {
  if (handle < 0 || handle >= static_cast<int>(sizeof(g_files) / sizeof(g_files[0]))) {
    return nullptr;
  }
  return g_files[handle];
}

}  // namespace

void Write(const char* text, size_t size) { std::fwrite(text, 1, size, stdout); }

void WriteString(const char* text) { std::fputs(text, stdout); }

void WriteDecimal(long value) { std::printf("%ld", value); }

int Open(const char* path, int mode) {
  if (mode != kOpenRead && mode != kOpenReadBinary) return -1;  // the parity tests only read
  for (int handle = 0; handle < static_cast<int>(sizeof(g_files) / sizeof(g_files[0])); ++handle) {
    if (g_files[handle] == nullptr) {
      g_files[handle] = std::fopen(path, "rb");
      return g_files[handle] == nullptr ? -1 : handle;
    }
  }
  return -1;
}

long Read(int handle, void* buffer, size_t size) {
  std::FILE* file = File(handle);
  if (file == nullptr) return -1;
  const size_t read = std::fread(buffer, 1, size, file);
  return std::ferror(file) ? -1 : static_cast<long>(read);
}

void Close(int handle) {
  std::FILE* file = File(handle);
  if (file == nullptr) return;
  std::fclose(file);
  g_files[handle] = nullptr;
}

}  // namespace tinyfair::target

// The host's stack is not painted: nothing to report.
extern "C" size_t tinyfair_target_stack_high_water_bytes() { return 0; }
