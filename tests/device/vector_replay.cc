#include "vector_replay.h"

#include <stdint.h>
#include <string.h>

#include "targets/common/semihosting.h"

namespace tinyfair::testing {
namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

constexpr size_t kHeaderSize = 4 + 4 + 4 + 8 + 8;

float g_row[kMaxInputs];
// Records are batched so that each semihosting call carries many lines.
char g_output[32 * kDecisionRecordLineSize];

long Fail(const char* label, const char* message) {
  target::WriteString("# ");
  target::WriteString(label);
  target::WriteString(": ");
  target::WriteString(message);
  target::WriteString("\n");
  return -1;
}

uint32_t Little32(const uint8_t* b) {
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8U) |
         (static_cast<uint32_t>(b[2]) << 16U) | (static_cast<uint32_t>(b[3]) << 24U);
}

uint64_t Little64(const uint8_t* b) {
  return static_cast<uint64_t>(Little32(b)) | (static_cast<uint64_t>(Little32(b + 4)) << 32U);
}

}  // namespace

long ReplayVectors(const Model& model, const char* path, const char* label) {
  const int file = target::Open(path, target::kOpenReadBinary);
  if (file < 0) return Fail(label, "cannot open its .tfv file");
  uint8_t header[kHeaderSize];
  if (target::Read(file, header, kHeaderSize) != static_cast<long>(kHeaderSize) ||
      memcmp(header, "TFV1", 4) != 0 || Little32(header + 4) != model.input_count()) {
    target::Close(file);
    return Fail(label, "bad .tfv header (or an input count other than the model's)");
  }
  const uint32_t rows = Little32(header + 8);
  Pcg32 rng(Little64(header + 12), Little64(header + 20));
  DecisionInput input;
  input.values = g_row;
  input.count = model.input_count();
  target::Write(kDecisionRecordHeader, sizeof(kDecisionRecordHeader) - 1);
  size_t used = 0;
  for (uint32_t r = 0; r < rows; ++r) {
    const long bytes = static_cast<long>(input.count * sizeof(float));
    uint8_t group[4];
    if (target::Read(file, g_row, static_cast<size_t>(bytes)) != bytes ||
        target::Read(file, group, sizeof(group)) != static_cast<long>(sizeof(group))) {
      target::Close(file);
      return Fail(label, "short read");
    }
    input.group = Little32(group);
    Decision decision;
    (void)model.Decide(input, rng, decision);  // the status is in the record
    used += FormatDecisionRecord(decision, g_output + used, sizeof(g_output) - used);
    if (sizeof(g_output) - used < kDecisionRecordLineSize || r + 1 == rows) {
      target::Write(g_output, used);
      used = 0;
    }
  }
  target::Close(file);
  return static_cast<long>(rows);
}

}  // namespace tinyfair::testing
