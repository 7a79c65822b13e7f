// Groups too small to fit a rule on: a threshold fitted from a handful of
// rows is noise, and on new data it makes the decisions less fair, not more.
// A group of the fitting data below a minimum size is refused, merged into a
// named group (the groups share that group's rule), or given the rule fitted
// on all rows together (pooled), as the user chooses. The model keeps one
// rule per group of its group table; only the fitting sees fewer groups.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"

namespace tinyfair::host::postprocessing {

/// The default minimum: the smallest n at which the 95 % Wilson interval
/// of a rate of 0.5 (the widest case) is at most 0.2 wide, i.e. a group's
/// rate is known within about +-0.1. MinimumGroupSizeForWidth(0.2) == 93.
inline constexpr double kDefaultRateIntervalWidth = 0.2;
inline constexpr size_t kDefaultMinGroupSize = 93;

/// The smallest n whose 95 % Wilson interval of a rate of 0.5 is at most
/// `width` wide.
size_t MinimumGroupSizeForWidth(double width);

enum class SmallGroupPolicy { kRefuse, kPooled, kMerge };

/// Merge sources into a target, by model group index.
struct GroupMerge {
  std::vector<uint32_t> sources;
  uint32_t target = 0;
};

struct SmallGroupOptions {
  size_t min_group_size = kDefaultMinGroupSize;
  SmallGroupPolicy policy = SmallGroupPolicy::kRefuse;
  std::vector<GroupMerge> merges;  // with kMerge
};

/// Parses "A,B:T" (group names) into a merge; names must be in `names`.
/// @throws std::invalid_argument naming an unknown group or a bad form.
GroupMerge ParseGroupMerge(const std::string& spec, const std::vector<std::string>& names);

/// How the model's groups map onto the groups rules are fitted on.
struct FittingGroups {
  static constexpr uint32_t kPooled = UINT32_MAX;
  /// Per model group: its fitting group, or kPooled (the rule of all rows).
  std::vector<uint32_t> of_group;
  size_t count = 0;  // fitting groups, the pooled rule not counted
  bool uses_pooled = false;
  /// Rows per model group in the fitting data.
  std::vector<size_t> rows;
  /// What was done to which small groups, one line each (empty: nothing).
  std::vector<std::string> notes;

  /// True when every model group is fitted on its own rows.
  bool identity() const { return notes.empty(); }
};

/// Plans the fitting groups from the rows per model group. `source` names
/// the fitting data in messages; `names` the model's groups.
/// @throws DataError with kRefuse when a group is below the minimum (naming
///         each with its count and the flags that fix it), or with kMerge
///         when a small group is not merged or a merged group is still small.
/// @throws std::invalid_argument for a merge that is not well formed.
FittingGroups PlanFittingGroups(const std::vector<size_t>& rows,
                                const std::vector<std::string>& names, const std::string& source,
                                const SmallGroupOptions& options);

/// Rows per group of a sample.
std::vector<size_t> RowsPerGroup(const data::ScoredSample& sample, size_t group_count);

/// The sample on the fitting groups (rows of pooled groups left out).
data::ScoredSample OnFittingGroups(const data::ScoredSample& sample, const FittingGroups& plan);

/// The sample as one group (group 0): what the pooled rule is fitted on.
data::ScoredSample AsOneGroup(const data::ScoredSample& sample);

/// Fits a rule per fitting group (and the pooled rule, when a group uses
/// it) with `fit(sample, group_count)`, and returns one rule per model
/// group: a merged group gets its target's rule, a pooled group the rule of
/// all rows together.
template <typename Rule>
std::vector<Rule> FitPerModelGroup(
    const data::ScoredSample& sample, const FittingGroups& plan,
    const std::function<std::vector<Rule>(const data::ScoredSample&, size_t)>& fit) {
  if (plan.identity()) return fit(sample, plan.of_group.size());
  const std::vector<Rule> fitted = fit(OnFittingGroups(sample, plan), plan.count);
  std::vector<Rule> pooled;
  if (plan.uses_pooled) pooled = fit(AsOneGroup(sample), 1);
  std::vector<Rule> rules;
  for (uint32_t f : plan.of_group) {
    rules.push_back(f == FittingGroups::kPooled ? pooled.front() : fitted[f]);
  }
  return rules;
}

}  // namespace tinyfair::host::postprocessing
