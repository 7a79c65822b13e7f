// The most storage Load() takes for any model this build accepts, arrays
// copied: each array Load keeps (runtime/table_builder.cc and each rule
// kind's Build, runtime/rules/) at its capacity,
// plus room to align it, for the rule kind that takes the most; a mixture
// at each member count, since its member capacities bound its inputs and
// categories. CapacityStorage (tests/host/model) loads the largest model of
// every kind against it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {

/// The longest model id kept for logs, NUL included.
inline constexpr size_t kModelIdBytes = sizeof(tinyfair_Model{}.model_id);

/// `count` values of T, with the padding before them at most alignment - 1.
template <typename T>
constexpr size_t ArrayBytes(size_t count) {
  return count * sizeof(T) + alignof(T) - 1;
}

/// What every model keeps for `inputs` inputs (any of them categorical)
/// and `categories` categories: folded weights, category weights, the
/// categorical inputs' index, count and "other" bits, the group
/// attributes, the reference rates, the model id.
constexpr size_t CommonStorageBytes(size_t inputs, size_t categories) {
  return ArrayBytes<float>(inputs) + ArrayBytes<float>(categories) + ArrayBytes<uint8_t>(inputs) +
         ArrayBytes<uint16_t>(inputs) + ArrayBytes<uint32_t>((inputs + 31) / 32) +
         ArrayBytes<uint8_t>(kMaxGroupAttributes) + ArrayBytes<float>(kMaxGroups) +
         ArrayBytes<char>(kModelIdBytes);
}

/// The integer scorer's tables and arrays: shifts, weights, category
/// weights, and the threshold rule's thresholds or the ramp rule's starts,
/// segment shifts and knots.
constexpr size_t IntegerStorageBytes(RuleKind kind) {
  const size_t scorer = ArrayBytes<IntegerTables>(1) + ArrayBytes<int8_t>(kMaxInputs) +
                        ArrayBytes<int16_t>(kMaxInputs) + ArrayBytes<int32_t>(kMaxCategories);
  return kind == RuleKind::kThreshold
             ? scorer + ArrayBytes<int32_t>(kMaxGroups)
             : scorer + ArrayBytes<int32_t>(kMaxGroups) + ArrayBytes<uint8_t>(kMaxGroups) +
                   ArrayBytes<uint16_t>(kMaxIntegerRampKnots);
}

/// A mixture of `members` members over `inputs` inputs and `categories`
/// categories: draw bounds, biases, folded weights, probabilities,
/// category weights, thresholds, beside what every model keeps.
constexpr size_t MixtureModelBytes(size_t members, size_t inputs, size_t categories) {
  return CommonStorageBytes(inputs, categories) + ArrayBytes<uint64_t>(members) +
         3 * ArrayBytes<float>(members) + ArrayBytes<float>(members * inputs) +
         ArrayBytes<float>(members * categories);
}

/// The largest mixture: members' weights cover every input and their
/// category terms every category, so for each member count the inputs and
/// categories are at most what the member capacities leave.
constexpr size_t MaxMixtureModelBytes() {
  size_t most = 0;
  for (size_t members = 1; members <= kMaxMembers; ++members) {
    const size_t inputs =
        kMaxMemberWeights / members < kMaxInputs ? kMaxMemberWeights / members : kMaxInputs;
    const size_t categories = kMaxMemberCategoryWeights / members < kMaxCategories
                                  ? kMaxMemberCategoryWeights / members
                                  : kMaxCategories;
    const size_t bytes = MixtureModelBytes(members, inputs, categories);
    most = bytes > most ? bytes : most;
  }
  return most;
}

/// The most a model of rule kind `kind` keeps, at every capacity.
constexpr size_t ModelStorageBytes(RuleKind kind) {
  if (!RuleKindSupported(kind)) return 0;
  const size_t common = CommonStorageBytes(kMaxInputs, kMaxCategories);
  switch (kind) {
    case RuleKind::kThreshold:
      return common + ArrayBytes<float>(kMaxGroups) + IntegerStorageBytes(kind);
    case RuleKind::kRamp:
      return common + 2 * ArrayBytes<float>(kMaxGroups) + IntegerStorageBytes(kind);
    case RuleKind::kTwoThreshold:
      return common + 6 * ArrayBytes<float>(kMaxGroups);
    case RuleKind::kTruncatedLogistic:
      return common + 2 * ArrayBytes<float>(kMaxGroups);
    case RuleKind::kMixture:
      return MaxMixtureModelBytes();
    case RuleKind::kRegression:
      return common;
  }
  return 0;
}

constexpr size_t MaxModelStorageBytes() {
  size_t most = 0;
  for (uint8_t kind = 0; kind <= static_cast<uint8_t>(RuleKind::kRegression); ++kind) {
    const size_t bytes = ModelStorageBytes(static_cast<RuleKind>(kind));
    most = bytes > most ? bytes : most;
  }
  return most;
}

/// Rounded up to 8 bytes, the alignment storage is used from.
inline constexpr size_t kMaxStorageBytes = (MaxModelStorageBytes() + 7) / 8 * 8;

}  // namespace tinyfair::runtime::internal
