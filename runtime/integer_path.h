// The integer path's parts that Load and Decide reach through a pointer: a
// firmware names them (Model::AcceptIntegerModels) only when it loads models
// with an integer scorer, so that one that never does links none of them.
#pragma once

#include "integer_scorer_check.h"
#include "table_builder.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime::internal {

struct IntegerPath {
  /// The scorer's own check (CheckIntegerScorerOf), after the check that a
  /// model has a scorer exactly when it requires one.
  Status (*check)(const CheckedModel& checked, const CategoricalInputs& categorical);
  /// Its tables, in the model's storage (BuildIntegerTables).
  void (*build)(TableBuilder& builder, DecisionTables& tables);
  /// A decision for float inputs (DecideQuantised); nullptr in a build for
  /// integer models only, which decides no float inputs.
  Status (*decide)(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                   Decision& out);
};

/// CheckIntegerScorer of the model's scorer, which it must have, against
/// the model's counts and its categorical inputs.
Status CheckIntegerScorerOf(const CheckedModel& checked, const CategoricalInputs& categorical);

/// Builds the integer scorer's tables when the model has one.
void BuildIntegerTables(TableBuilder& builder, DecisionTables& tables);

/// Whether a load goes through the integer path, `accepted` the firmware's
/// choice (Model::AcceptIntegerModels): in a build with both paths when it
/// accepted integer models, always in a build for integer models only
/// (which has no other path), never in a build without it.
inline bool UsesIntegerPath(const IntegerPath* accepted) {
  return kIntegerDecisions && (!kFloatDecisions || accepted != nullptr);
}

// The path's parts as a load calls them (when UsesIntegerPath): through
// `accepted` in a build with both paths; directly in a build for integer
// models only, which then names no kIntegerPath, so that each part is
// inlined where it is called.
inline Status CheckIntegerScorerThrough(const IntegerPath* accepted, const CheckedModel& checked,
                                        const CategoricalInputs& categorical) {
  return kFloatDecisions ? accepted->check(checked, categorical)
                         : CheckIntegerScorerOf(checked, categorical);
}
inline void BuildIntegerTablesThrough(const IntegerPath* accepted, TableBuilder& builder,
                                      DecisionTables& tables) {
  kFloatDecisions ? accepted->build(builder, tables) : BuildIntegerTables(builder, tables);
}

}  // namespace tinyfair::runtime::internal
