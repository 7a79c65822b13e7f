// The integer path's parts that Load and Decide reach through a pointer: a
// firmware names them (Model::AcceptIntegerModels) only when it loads models
// with an integer scorer, so that one that never does links none of them.
#pragma once

#include "integer_scorer_check.h"
#include "table_builder.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "tinyfair_runtime/model.h"
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

/// The path a load goes through, `accepted` the firmware's choice
/// (Model::AcceptIntegerModels): a build for integer models only has no
/// other and takes it untold, a build without it never. Applied where the
/// path is used, so that it is a constant there, and its calls direct,
/// wherever the build decides it.
inline const IntegerPath* IntegerPathOf(const IntegerPath* accepted) {
#if TINYFAIR_RUNTIME_CFG_INTEGER
  return kFloatDecisions ? accepted : &kIntegerPath;
#else
  (void)accepted;
  return nullptr;
#endif  // TINYFAIR_RUNTIME_CFG_INTEGER
}

/// CheckIntegerScorer of the model's scorer, which it must have, against
/// the model's counts and its categorical inputs.
Status CheckIntegerScorerOf(const CheckedModel& checked, const CategoricalInputs& categorical);

/// Builds the integer scorer's tables when the model has one.
void BuildIntegerTables(TableBuilder& builder, DecisionTables& tables);

}  // namespace tinyfair::runtime::internal
