// One descriptor per rule kind: Rule<kind> holds everything the runtime
// does for that kind, in runtime/rules/<kind>_rule.{h,cc}: the Model.rule
// field that holds it, its float arrays and what Load checks beyond them,
// the tables it builds, and its decision. Load's check (model_check.cc),
// the table builder (table_builder.cc) and Decide (decide.cc) reach a kind
// only through its descriptor, chosen at one place (VisitRule,
// rule_dispatch.h). Adding a kind is its two files and its lines in
// rule_dispatch.h, beside what the schema's new message brings: its RuleKind
// and tables (decision_tables.h), its table in the model reader
// (model_reader.cc), its storage bound (internal/model_storage_bytes.h) and
// the host's writer and code generator.
//
// Every Rule<kind> provides:
//   static constexpr RuleKind kKind;
//   static constexpr pb_size_t kTag;      // its field of the Model.rule oneof
//   static constexpr bool kPerGroup;      // a per-group rule (Probability)
//   static constexpr FloatArrays kFloatArrays;  // its float arrays, checked with
//                                               // the model's (model_check.cc)
//   static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model&);
//   static Status Check(const CheckedModel&, const CategoricalInputs&);
//   static void Build(TableBuilder&, DecisionTables&);
//   static Status Decide(const DecisionTables&, const DecisionInput&, float margin,
//                        bool skip, Decision&);  // after the shared prologue
//   static float Probability(const GroupRuleTables&, uint32_t group, float score);  // per-group
#pragma once

#include "tinyfair_runtime/decision_tables.h"

namespace tinyfair::runtime::internal {

template <RuleKind kKind>
struct Rule;

}  // namespace tinyfair::runtime::internal
