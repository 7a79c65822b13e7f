// A libFuzzer harness without libFuzzer: runs LLVMFuzzerTestOneInput once on
// every file of the folders (or files) given, so that a harness replays its
// corpus in a build without sanitizers, as users build the host.
// Usage: <harness> PATH...; exit status 0 when every input ran, 1 when a
// folder or file cannot be read or holds no input. A fault of the harness
// ends the process as it would end a user's command.
#include <stddef.h>
#include <stdint.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> InputsOf(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> inputs;
  if (!std::filesystem::is_directory(path)) return {path};
  for (const auto& entry : std::filesystem::directory_iterator(path)) {
    if (entry.is_regular_file()) inputs.push_back(entry.path());
  }
  return inputs;
}

}  // namespace

int main(int argc, char** argv) {
  size_t replayed = 0;
  for (int a = 1; a < argc; ++a) {
    const std::vector<std::filesystem::path> inputs = InputsOf(argv[a]);
    if (inputs.empty()) {
      std::fprintf(stderr, "replay: no inputs in %s\n", argv[a]);
      return 1;
    }
    for (const auto& input : inputs) {
      std::ifstream in(input, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
      if (!in.good() && !in.eof()) {
        std::fprintf(stderr, "replay: cannot read %s\n", input.c_str());
        return 1;
      }
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++replayed;
    }
  }
  std::printf("replay: %zu inputs ran\n", replayed);
  return replayed > 0 ? 0 : 1;
}
