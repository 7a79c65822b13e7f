// decide() on random inputs for every golden model on an emulated board
// (100,000 each unless the command line gives a number), with the same
// invariants and codegen-tables parity as on the host. Prints one line per
// model; exits 1 on any violation.
#include <stdint.h>
#include <string.h>

#include "bench/stress/stress.h"
#include "golden_tables.h"
#include "targets/common/semihosting.h"
#include "test_models.h"
#include "tinyfair_runtime/model.h"

namespace {

namespace target = tinyfair::target;

tinyfair::runtime::ModelWithStorage<> g_model;
tinyfair::stress::StressResult g_result;

// The last word of the command line, if it is a number.
uint64_t DecisionsFromCommandLine(uint64_t fallback) {
  char line[128];
  const long length = target::GetCommandLine(line, sizeof(line));
  if (length <= 0) return fallback;
  const char* word = strrchr(line, ' ');
  word = word == nullptr ? line : word + 1;
  uint64_t value = 0;
  for (; *word >= '0' && *word <= '9'; ++word) {
    value = value * 10 + static_cast<uint64_t>(*word - '0');
  }
  return *word == '\0' && value > 0 ? value : fallback;
}

void WriteField(uint64_t value) {
  target::WriteString(",");
  target::WriteDecimal(static_cast<long>(value));
}

}  // namespace

int main() {
  g_model.AcceptIntegerModels();
  const uint64_t decisions = DecisionsFromCommandLine(100000);
  int failures = 0;
  target::WriteString("model,decisions,ok,refused,positives,violations,parity_mismatches\n");
  constexpr size_t kModels =
      sizeof(tinyfair_models::kGoldenModels) / sizeof(tinyfair_models::kGoldenModels[0]);
  for (size_t m = 0; m < kModels; ++m) {
    const auto& golden = tinyfair_models::kGoldenModels[m];
    const auto& tables = tinyfair_models::kGoldenTables[m];
    if (strcmp(golden.name, tables.name) != 0 ||
        g_model.Load(golden.bytes, golden.size) != tinyfair::runtime::Status::kOk) {
      target::WriteString("# stress: a golden model does not load\n");
      return 1;
    }
    tinyfair::stress::RunStress(g_model, *tables.tables, decisions, 1 + m, g_result);
    target::WriteString(golden.name);
    WriteField(g_result.decisions);
    WriteField(g_result.by_status[0]);
    WriteField(g_result.decisions - g_result.by_status[0]);
    WriteField(g_result.positives);
    WriteField(g_result.violations);
    WriteField(g_result.parity_mismatches);
    target::WriteString("\n");
    if (g_result.violations != 0) {
      target::WriteString("# first violation: ");
      target::WriteString(g_result.first_violation);
      target::WriteString("\n");
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
