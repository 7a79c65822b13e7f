// The runtime's decisions of many per-group rules of one scorer on one table,
// from one pass over it. A per-group rule changes neither a row's group, nor
// its linked score, nor whether it is refused, nor (so) its draw: the
// scorer's pass finds them once, and each rule's decisions follow from the
// runtime's own rule code (runtime::DecideFromScore), the records a full
// pass of the runtime would make. A validated fit judges its grid this way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::fit {

class ScorerDecisions {
 public:
  /// Decides every row of `table` (which must outlive this) with `scorer`
  /// through the runtime, drawing from Pcg32(seed, stream) in row order.
  ScorerDecisions(const tinyfair::Model& scorer, const data::ColumnTable& table, uint64_t seed,
                  uint64_t stream);

  /// The same from `decided`, the records simulate::DecideRows made of
  /// `scorer` on `table` with these draws (a pass already run).
  ScorerDecisions(const tinyfair::Model& scorer, const data::ColumnTable& table, uint64_t seed,
                  uint64_t stream, std::vector<runtime::Decision> decided);

  /// simulate::DecideRows' decisions of `model` on the table, same draws:
  /// from the scorer's pass when `model` is the scorer with another
  /// per-group rule (and neither has an integer scorer), else from a runtime
  /// pass of its own.
  std::vector<runtime::Decision> DecisionsOf(const tinyfair::Model& model) const;

 private:
  const data::ColumnTable& table_;
  uint64_t seed_;
  uint64_t stream_;
  std::string scorer_without_rule_;  // serialized: what a rule must leave equal
                                     // (its id aside, a name)
  bool decides_by_rule_ = false;     // the scorer's records serve other rules
  std::vector<runtime::Decision> decisions_;
};

}  // namespace tinyfair::host::fit
