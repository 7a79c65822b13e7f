// Firmware that replays decision vectors through the runtime: loads the model
// compiled in by `tinyfair codegen` (demo_model.h, symbol kDemoModel), reads
// the inputs and PCG32 seed from demo_vectors.tfv on the host (semihosting),
// decides every row and prints the decision log on stdout, exactly as
// `tinyfair simulate` writes it on the host. Lines starting with "# " are
// notes, not records.
#include <stdint.h>
#include <string.h>

#include "demo_model.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

constexpr size_t kHeaderSize = 4 + 4 + 4 + 8 + 8;

Model g_model;
float g_row[kMaxInputs];
// Records are batched so that each semihosting call carries many lines.
char g_output[32 * kDecisionRecordLineSize];

int Fail(const char* message) {
  target::WriteString("# decide_vectors: ");
  target::WriteString(message);
  target::WriteString("\n");
  return 1;
}

uint64_t Little64(const uint8_t* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8U) | bytes[i];
  return value;
}

uint32_t Little32(const uint8_t* bytes) {
  return static_cast<uint32_t>(bytes[0]) | (static_cast<uint32_t>(bytes[1]) << 8U) |
         (static_cast<uint32_t>(bytes[2]) << 16U) | (static_cast<uint32_t>(bytes[3]) << 24U);
}

}  // namespace

int main() {
  const Status status = g_model.Load(tinyfair_models::kDemoModel, tinyfair_models::kDemoModelSize);
  if (!IsOk(status)) return Fail(StatusName(status));
  const int file = target::Open("demo_vectors.tfv", target::kOpenReadBinary);
  if (file < 0) return Fail("cannot open demo_vectors.tfv");
  uint8_t header[kHeaderSize] = {};
  if (target::Read(file, header, kHeaderSize) != static_cast<long>(kHeaderSize) ||
      memcmp(header, "TFV1", 4) != 0) {
    return Fail("demo_vectors.tfv has no TFV1 header");
  }
  const uint32_t input_count = Little32(header + 4);
  const uint32_t rows = Little32(header + 8);
  Pcg32 rng(Little64(header + 12), Little64(header + 20));
  if (input_count != g_model.input_count()) return Fail("input count differs from the model's");

  size_t used = 0;
  target::Write(kDecisionRecordHeader, sizeof(kDecisionRecordHeader) - 1);
  DecisionInput input;
  input.values = g_row;
  input.count = input_count;
  for (uint32_t r = 0; r < rows; ++r) {
    const long bytes = static_cast<long>(input_count * sizeof(float));
    uint8_t group[4];
    if (target::Read(file, g_row, static_cast<size_t>(bytes)) != bytes ||
        target::Read(file, group, sizeof(group)) != static_cast<long>(sizeof(group))) {
      return Fail("short read");
    }
    input.group = Little32(group);
    Decision decision;
    (void)g_model.Decide(input, rng, decision);  // the status is in the record
    used += FormatDecisionRecord(decision, g_output + used, sizeof(g_output) - used);
    if (sizeof(g_output) - used < kDecisionRecordLineSize || r + 1 == rows) {
      target::Write(g_output, used);
      used = 0;
    }
  }
  target::Close(file);
  target::WriteString("# decide_vectors: decisions ");
  target::WriteDecimal(static_cast<long>(rows));
  target::WriteString(", model ");
  target::WriteString(g_model.model_id());
  target::WriteString(", stack high water ");
  target::WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  target::WriteString(" bytes\n");
  return 0;
}
