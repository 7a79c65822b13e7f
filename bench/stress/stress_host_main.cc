// decide() on random inputs for every golden model on the host (10 million
// each by default), with the invariants and the codegen-tables parity
// checked on every decision. Prints one line per model; exits 1 on any
// violation. Usage: stress_decide [DECISIONS_PER_MODEL [SEED]]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>

#include "bench/stress/stress.h"
#include "golden_tables.h"
#include "test_models.h"
#include "tinyfair_runtime/model.h"

int main(int argc, char** argv) {
  const uint64_t decisions = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000000ULL;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1ULL;
  auto model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  int failures = 0;
  std::printf("model,decisions,ok,refused,positives,violations,parity_mismatches,%s\n",
              "cpu_seconds,ns_per_decision");
  constexpr size_t kModels =
      sizeof(tinyfair_models::kGoldenModels) / sizeof(tinyfair_models::kGoldenModels[0]);
  for (size_t m = 0; m < kModels; ++m) {
    const auto& golden = tinyfair_models::kGoldenModels[m];
    const auto& tables = tinyfair_models::kGoldenTables[m];
    if (std::strcmp(golden.name, tables.name) != 0 ||
        model->Load(golden.bytes, golden.size) != tinyfair::runtime::Status::kOk) {
      std::fprintf(stderr, "stress: %s does not load\n", golden.name);
      return 1;
    }
    tinyfair::stress::StressResult result;
    // Processor time, so that other work on the machine does not count.
    const std::clock_t start = std::clock();
    tinyfair::stress::RunStress(*model, *tables.tables, decisions, seed + m, result);
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    const uint64_t ok = result.by_status[0];
    std::printf("%s,%llu,%llu,%llu,%llu,%llu,%llu,%.2f,%.1f\n", golden.name,
                static_cast<unsigned long long>(result.decisions),
                static_cast<unsigned long long>(ok),
                static_cast<unsigned long long>(result.decisions - ok),
                static_cast<unsigned long long>(result.positives),
                static_cast<unsigned long long>(result.violations),
                static_cast<unsigned long long>(result.parity_mismatches), seconds,
                1e9 * seconds / static_cast<double>(result.decisions ? result.decisions : 1));
    std::fflush(stdout);
    if (result.violations != 0) {
      std::fprintf(stderr, "stress: %s: %s at decision %llu\n", golden.name, result.first_violation,
                   static_cast<unsigned long long>(result.first_violation_at));
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
