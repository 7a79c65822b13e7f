#include "host_tools/fit/scorer_decisions.h"

#include <utility>

#include "host_tools/data/input_encoder.h"
#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/decide.h"

namespace tinyfair::host::fit {
namespace {

// The model as its rule leaves it: what decides a row's group and score.
// Its id is left out too: a fitted model is renamed (FittedModelId), and
// a name decides nothing (records name a model by the hash of its bytes,
// which DecideFromScore takes from the model's own load).
std::string WithoutRule(const tinyfair::Model& model) {
  tinyfair::Model scorer = model;
  scorer.clear_rule();
  scorer.clear_reference_positive_rate();
  scorer.clear_model_id();
  return scorer.SerializeAsString();
}

// Whether the runtime decides this loaded model's rule from a score: a
// per-group rule on float scores (DecideFromScore refuses any other).
bool DecidesFromScore(const runtime::Model& loaded) {
  runtime::Decision probe;
  return runtime::IsOk(runtime::DecideFromScore(loaded.tables(), 0, 0.0f, 0, probe));
}

std::vector<runtime::Decision> RuntimePass(const runtime::Model& loaded,
                                           const tinyfair::Model& model,
                                           const data::ColumnTable& table, uint64_t seed,
                                           uint64_t stream) {
  const data::InputEncoder encoder(model.inputs(), table);
  return simulate::DecideRows(loaded, encoder, seed, stream);
}

}  // namespace

ScorerDecisions::ScorerDecisions(const tinyfair::Model& scorer, const data::ColumnTable& table,
                                 uint64_t seed, uint64_t stream)
    : table_(table), seed_(seed), stream_(stream), scorer_without_rule_(WithoutRule(scorer)) {
  const auto loaded = simulate::LoadIntoRuntime(scorer);
  decides_by_rule_ = DecidesFromScore(*loaded);
  decisions_ = RuntimePass(*loaded, scorer, table, seed, stream);
}

ScorerDecisions::ScorerDecisions(const tinyfair::Model& scorer, const data::ColumnTable& table,
                                 uint64_t seed, uint64_t stream,
                                 std::vector<runtime::Decision> decided)
    : table_(table),
      seed_(seed),
      stream_(stream),
      scorer_without_rule_(WithoutRule(scorer)),
      decides_by_rule_(DecidesFromScore(*simulate::LoadIntoRuntime(scorer))),
      decisions_(std::move(decided)) {}

std::vector<runtime::Decision> ScorerDecisions::DecisionsOf(const tinyfair::Model& model) const {
  const auto loaded = simulate::LoadIntoRuntime(model);
  if (!decides_by_rule_ || !DecidesFromScore(*loaded) ||
      WithoutRule(model) != scorer_without_rule_) {
    return RuntimePass(*loaded, model, table_, seed_, stream_);
  }
  std::vector<runtime::Decision> decisions = decisions_;
  for (runtime::Decision& d : decisions) {
    if (runtime::IsOk(d.status)) {
      (void)runtime::DecideFromScore(loaded->tables(), d.group, d.score, d.draw, d);
    } else {
      d.model_hash = loaded->tables().model_hash;  // refused before any rule
    }
  }
  return decisions;
}

}  // namespace tinyfair::host::fit
