// Writes the golden monitor vectors (tests/device/monitor_vectors.h) as the
// host computes them: monitor_records.txt, which every board must match.
#include <cstdio>
#include <string>

#include "tests/device/monitor_vectors.h"

namespace {

std::string g_text;

void Append(const char* text, size_t size) { g_text.append(text, size); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_monitor_vectors <out file>\n");
    return 1;
  }
  tinyfair::testing::WriteMonitorVectors(Append);
  std::FILE* file = std::fopen(argv[1], "wb");
  if (file == nullptr || std::fwrite(g_text.data(), 1, g_text.size(), file) != g_text.size() ||
      std::fclose(file) != 0) {
    std::fprintf(stderr, "make_monitor_vectors: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
