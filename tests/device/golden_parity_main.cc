// Firmware that decides the golden vectors of every golden model (one model
// of every rule kind and group form, tests/golden) and of every
// post-processor fitted at build time, and prints the decision logs, which
// must equal the host's parity_records.csv byte for byte. Lines starting
// with "# " are notes.
//
// Built with TINYFAIR_PARITY_REPORT_CAPACITY_EXCEEDED=1 (a build with small
// capacities, tests/capacities), it names each model in a note before its
// log, and a model that Load refuses with capacity_exceeded is noted
// ("# refused <name> capacity_exceeded") instead of ending the run; the
// test checks that exactly the models that do not fit are refused.
#include <string.h>

#include "fitted_models.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "tinyfair_runtime/model.h"
#include "vector_replay.h"

#ifndef TINYFAIR_PARITY_REPORT_CAPACITY_EXCEEDED
#define TINYFAIR_PARITY_REPORT_CAPACITY_EXCEEDED 0
#endif

namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;

ModelWithStorage<> g_model;

// Loads one model and replays its golden_<Name>.tfv; the decisions, or -1.
long Replay(const tinyfair_models::GoldenModel& golden) {
  if (TINYFAIR_PARITY_REPORT_CAPACITY_EXCEEDED) {
    target::WriteString("# model ");
    target::WriteString(golden.name);
    target::WriteString("\n");
  }
  const Status status = g_model.Load(golden.bytes, golden.size);
  if (TINYFAIR_PARITY_REPORT_CAPACITY_EXCEEDED && status == Status::kCapacityExceeded) {
    target::WriteString("# refused ");
    target::WriteString(golden.name);
    target::WriteString(" ");
    target::WriteString(StatusName(status));
    target::WriteString("\n");
    return 0;
  }
  if (!IsOk(status)) {
    target::WriteString("# golden_parity: ");
    target::WriteString(golden.name);
    target::WriteString(": ");
    target::WriteString(StatusName(status));
    target::WriteString("\n");
    return -1;
  }
  char path[64] = "golden_";
  strncat(path, golden.name, sizeof(path) - 16);
  strcat(path, ".tfv");
  return tinyfair::testing::ReplayVectors(g_model, path, golden.name);
}

}  // namespace

int main() {
  g_model.AcceptIntegerModels();
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
