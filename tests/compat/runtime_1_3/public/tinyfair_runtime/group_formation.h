// How a group index is formed from the categories of its attributes: mixed
// radix, the first attribute most significant. The device forms a
// decision's group with it (decide.cc) and the host its training groups, so
// both agree by construction. Freestanding: no allocation, no recursion.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime {

/// The index after one more attribute: `group` is the index of the
/// attributes before it, `category` its category among `category_count`.
/// An index of trailing attributes taken together (their own product) is
/// appended the same way, with their group count as `category_count`.
constexpr uint32_t AppendGroupAttribute(uint32_t group, uint32_t category_count,
                                        uint32_t category) {
  return group * category_count + category;
}

/// A group index cut into the index of its leading attributes and that of
/// its trailing ones (e.g. a sensitive attribute and its strata).
struct GroupSplit {
  uint32_t leading;
  uint32_t trailing;
};

/// The inverse of AppendGroupAttribute: `trailing_group_count` is the
/// product of the trailing attributes' category counts (1 when there are
/// none).
constexpr GroupSplit SplitGroup(uint32_t group, uint32_t trailing_group_count) {
  return GroupSplit{group / trailing_group_count, group % trailing_group_count};
}

/// The category of attribute `attribute` in a group index formed from
/// `attribute_count` attributes of `category_counts[j]` categories each.
constexpr uint32_t CategoryInGroup(uint32_t group, const uint32_t* category_counts,
                                   uint32_t attribute_count, uint32_t attribute) {
  for (uint32_t j = attribute_count; j > attribute + 1; --j) group /= category_counts[j - 1];
  return group % category_counts[attribute];
}

}  // namespace tinyfair::runtime
