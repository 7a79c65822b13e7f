// The most storage Load() takes for any model this build accepts, arrays
// copied: each array Load keeps (runtime/table_builder.cc) at its capacity,
// plus room to align it, for the rule kind that takes the most. The
// runtime's tests load the largest model of every kind against it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {

/// The model id kept for logs, NUL included.
inline constexpr size_t kModelIdBytes = sizeof(tinyfair_Model{}.model_id);

/// `count` values of T, with the padding before them at most alignment - 1.
template <typename T>
constexpr size_t ArrayBytes(size_t count) {
  return count * sizeof(T) + alignof(T) - 1;
}

/// What every model keeps: folded weights, category weights, the
/// categorical inputs' index, start, count and "other" bits, the group
/// attributes, the reference rates.
inline constexpr size_t kCommonStorageBytes =
    ArrayBytes<float>(kMaxInputs) + ArrayBytes<float>(kMaxCategories) +
    ArrayBytes<uint8_t>(kMaxInputs) + 2 * ArrayBytes<uint16_t>(kMaxInputs) +
    ArrayBytes<uint32_t>((kMaxInputs + 31) / 32) + ArrayBytes<uint8_t>(kMaxGroupAttributes) +
    ArrayBytes<float>(kMaxGroups);

/// The integer scorer's arrays (threshold and ramp rules).
inline constexpr size_t kIntegerStorageBytes =
    ArrayBytes<int8_t>(kMaxInputs) + ArrayBytes<int16_t>(kMaxInputs) +
    ArrayBytes<int32_t>(kMaxCategories) + 2 * ArrayBytes<int32_t>(kMaxGroups) +
    ArrayBytes<uint8_t>(kMaxGroups) + ArrayBytes<uint16_t>(kMaxIntegerRampKnots);

constexpr size_t RuleStorageBytes(RuleKind kind) {
  if (!RuleKindSupported(kind)) return 0;
  switch (kind) {
    case RuleKind::kThreshold:
      return ArrayBytes<float>(kMaxGroups) + kIntegerStorageBytes;
    case RuleKind::kRamp:
      return 2 * ArrayBytes<float>(kMaxGroups) + kIntegerStorageBytes;
    case RuleKind::kTwoThreshold:
      return 6 * ArrayBytes<float>(kMaxGroups);
    case RuleKind::kTruncatedLogistic:
      return 2 * ArrayBytes<float>(kMaxGroups);
    case RuleKind::kMixture:
      return ArrayBytes<uint64_t>(kMaxMembers) + 3 * ArrayBytes<float>(kMaxMembers) +
             ArrayBytes<float>(kMaxMemberWeights) + ArrayBytes<float>(kMaxMemberCategoryWeights);
    case RuleKind::kRegression:
      return 0;
  }
  return 0;
}

constexpr size_t MaxRuleStorageBytes() {
  size_t most = 0;
  for (uint8_t kind = 0; kind <= static_cast<uint8_t>(RuleKind::kRegression); ++kind) {
    const size_t bytes = RuleStorageBytes(static_cast<RuleKind>(kind));
    most = bytes > most ? bytes : most;
  }
  return most;
}

/// Rounded up to 8 bytes, the alignment storage is used from.
inline constexpr size_t kMaxStorageBytes =
    (kCommonStorageBytes + MaxRuleStorageBytes() + 7) / 8 * 8;

}  // namespace tinyfair::runtime::internal
