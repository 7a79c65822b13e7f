// Firmware that decides the golden vectors of every golden model (one model
// of every rule kind and group form, tests/golden) and of every
// post-processor fitted at build time, and prints the decision logs, which
// must equal the host's parity_records.csv byte for byte. Lines starting
// with "# " are notes.
#include <stdint.h>
#include <string.h>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "fitted_models.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

constexpr size_t kHeaderSize = 4 + 4 + 4 + 8 + 8;

Model g_model;
float g_row[kMaxInputs];
char g_output[32 * kDecisionRecordLineSize];

int Fail(const char* name, const char* message) {
  target::WriteString("# golden_parity: ");
  target::WriteString(name);
  target::WriteString(": ");
  target::WriteString(message);
  target::WriteString("\n");
  return 1;
}

uint32_t Little32(const uint8_t* b) {
  return static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8U) |
         (static_cast<uint32_t>(b[2]) << 16U) | (static_cast<uint32_t>(b[3]) << 24U);
}

uint64_t Little64(const uint8_t* b) {
  return static_cast<uint64_t>(Little32(b)) | (static_cast<uint64_t>(Little32(b + 4)) << 32U);
}

// Decides one model's vectors; returns the number of decisions, or -1.
long Replay(const tinyfair_models::GoldenModel& golden) {
  const Status status = g_model.Load(golden.bytes, golden.size);
  if (!IsOk(status)) return Fail(golden.name, StatusName(status)), -1;
  char path[64] = "golden_";
  strncat(path, golden.name, sizeof(path) - 16);
  strcat(path, ".tfv");
  const int file = target::Open(path, target::kOpenReadBinary);
  if (file < 0) return Fail(golden.name, "cannot open its .tfv file"), -1;
  uint8_t header[kHeaderSize];
  if (target::Read(file, header, kHeaderSize) != static_cast<long>(kHeaderSize) ||
      memcmp(header, "TFV1", 4) != 0 || Little32(header + 4) != g_model.input_count()) {
    target::Close(file);
    return Fail(golden.name, "bad .tfv header"), -1;
  }
  const uint32_t rows = Little32(header + 8);
  Pcg32 rng(Little64(header + 12), Little64(header + 20));
  DecisionInput input;
  input.values = g_row;
  input.count = g_model.input_count();
  target::Write(kDecisionRecordHeader, sizeof(kDecisionRecordHeader) - 1);
  size_t used = 0;
  for (uint32_t r = 0; r < rows; ++r) {
    const long bytes = static_cast<long>(input.count * sizeof(float));
    uint8_t group[4];
    if (target::Read(file, g_row, static_cast<size_t>(bytes)) != bytes ||
        target::Read(file, group, sizeof(group)) != static_cast<long>(sizeof(group))) {
      target::Close(file);
      return Fail(golden.name, "short read"), -1;
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
  return static_cast<long>(rows);
}

}  // namespace

int main() {
  long total = 0, models = 0;
  for (const auto& golden : tinyfair_models::kGoldenModels) {
    const long decisions = Replay(golden);
    if (decisions < 0) return 1;
    total += decisions;
    ++models;
  }
  for (const auto& fitted : tinyfair_models::kFittedModels) {
    const long decisions = Replay(fitted);
    if (decisions < 0) return 1;
    total += decisions;
    ++models;
  }
  target::WriteString("# golden_parity: models ");
  target::WriteDecimal(models);
  target::WriteString(", decisions ");
  target::WriteDecimal(total);
  target::WriteString(", stack high water ");
  target::WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  target::WriteString(" bytes\n");
  return 0;
}
