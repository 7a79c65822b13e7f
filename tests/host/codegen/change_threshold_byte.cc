// A model whose first ramp threshold differs from `in`'s in one byte (its
// float's second-lowest: bit 8 flipped, about 2^-15 of its value, so that
// the probabilities of the rows on the ramp move; the lowest byte's bit 0 can
// leave them as they were), sealed again so that the device loads it: the
// change a generated unit test must catch.
//   change_threshold_byte <in.pb> <out.pb>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_trust.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fputs("usage: change_threshold_byte <in.pb> <out.pb>\n", stderr);
    return 2;
  }
  try {
    tinyfair::Model model = tinyfair::host::model::ReadModel(argv[1]);
    if (!model.has_ramp() || model.ramp().threshold_size() == 0) {
      std::fputs("change_threshold_byte: the model has no ramp threshold\n", stderr);
      return 2;
    }
    const float threshold = model.ramp().threshold(0);
    uint32_t bits = 0;
    std::memcpy(&bits, &threshold, sizeof(bits));
    bits ^= 0x100u;
    float changed = 0.0f;
    std::memcpy(&changed, &bits, sizeof(changed));
    model.mutable_ramp()->set_threshold(0, changed);
    tinyfair::host::common::WriteFileAtomically(argv[2], tinyfair::host::model::SealModel(model));
    std::printf("change_threshold_byte: threshold[0] %.9g -> %.9g\n",
                static_cast<double>(threshold), static_cast<double>(changed));
  } catch (const std::exception& error) {
    std::fprintf(stderr, "change_threshold_byte: %s\n", error.what());
    return 1;
  }
  return 0;
}
