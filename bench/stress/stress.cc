#include "bench/stress/stress.h"

#include "tests/hardening/invariants.h"
#include "tinyfair_runtime/decide.h"

namespace tinyfair::stress {

using runtime::Decision;
using runtime::DecisionInput;
using runtime::Pcg32;
using runtime::Status;

void RunStress(const runtime::Model& model, const runtime::DecisionTables& generated,
               uint64_t decisions, uint64_t seed, StressResult& result) {
  result = StressResult{};
  auto violation = [&result](const char* what) {
    if (result.violations++ == 0) {
      result.first_violation = what;
      result.first_violation_at = result.decisions;
    }
  };
  if (const char* what = hardening::CheckTables(model.tables())) violation(what);
  if (const char* what = hardening::CheckTables(generated)) violation(what);
  Pcg32 inputs(seed, 0x5354524553ULL);
  Pcg32 draws(seed, 0x44524157ULL);
  float values[hardening::kInputValuesCapacity];
  for (uint64_t i = 0; i < decisions; ++i) {
    DecisionInput input;
    hardening::RandomInput(model.tables(), inputs, values, input);
    Pcg32 probe = draws;
    const uint32_t draw = probe.Next();
    Pcg32 second = draws;
    Decision decided, from_tables;
    const Status status = model.Decide(input, draws, decided);
    const Status again = runtime::Decide(generated, input, second, from_tables);
    ++result.decisions;
    ++result.by_status[static_cast<uint8_t>(status) & 15U];
    if (decided.positive) ++result.positives;
    if (again != status || !hardening::SameDecision(decided, from_tables) ||
        draws.state() != second.state()) {
      ++result.parity_mismatches;
      violation("the codegen tables decide otherwise");
    }
    if (const char* what = hardening::CheckDecision(model.tables(), input, draw, status, decided)) {
      violation(what);
    }
  }
}

}  // namespace tinyfair::stress
