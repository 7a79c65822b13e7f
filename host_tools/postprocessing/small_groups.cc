#include "host_tools/postprocessing/small_groups.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::postprocessing {
namespace {

std::string Rows(size_t n) { return std::to_string(n) + (n == 1 ? " row" : " rows"); }

std::string Quoted(const std::vector<std::string>& names, const std::vector<uint32_t>& groups,
                   const std::vector<size_t>* rows) {
  std::string text;
  for (uint32_t g : groups) {
    text += (text.empty() ? "'" : ", '") + names[g] + "'";
    if (rows != nullptr) text += " " + Rows((*rows)[g]);
  }
  return text;
}

uint32_t GroupIndex(const std::string& name, const std::vector<std::string>& names) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) {
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "'" : ", '") + n + "'";
    throw std::invalid_argument("--merge-groups: no group called '" + name +
                                "' (the groups: " + known + ")");
  }
  return static_cast<uint32_t>(it - names.begin());
}

// Refuses groups below the minimum, naming each and the flags that fix it.
[[noreturn]] void RefuseSmallGroups(const std::vector<uint32_t>& small,
                                    const std::vector<size_t>& rows,
                                    const std::vector<std::string>& names,
                                    const std::string& source, size_t minimum) {
  throw common::DataError(
      source, 0, 0,
      std::to_string(small.size()) + (small.size() == 1 ? " group has" : " groups have") +
          " fewer rows than --min-group-size " + std::to_string(minimum) +
          " to fit a rule on: " + Quoted(names, small, &rows) +
          "; give them the rule fitted on all rows (--small-groups pooled), merge them into a "
          "named group (--small-groups merge --merge-groups 'GROUP,GROUP:TARGET'), or lower "
          "--min-group-size");
}

FittingGroups PooledPlan(const std::vector<size_t>& rows, const std::vector<std::string>& names,
                         size_t minimum) {
  FittingGroups plan;
  plan.rows = rows;
  std::vector<uint32_t> pooled;
  size_t total = 0;
  for (size_t g = 0; g < rows.size(); ++g) {
    total += rows[g];
    if (rows[g] < minimum) {
      plan.of_group.push_back(FittingGroups::kPooled);
      pooled.push_back(static_cast<uint32_t>(g));
    } else {
      plan.of_group.push_back(static_cast<uint32_t>(plan.count++));
    }
  }
  if (!pooled.empty()) {
    plan.uses_pooled = true;
    plan.notes.push_back(Quoted(names, pooled, &rows) + ": fewer rows than --min-group-size " +
                         std::to_string(minimum) + ", given the pooled rule fitted on all " +
                         Rows(total));
  }
  return plan;
}

FittingGroups MergedPlan(const std::vector<size_t>& rows, const std::vector<std::string>& names,
                         const std::string& source, const SmallGroupOptions& options) {
  const size_t group_count = rows.size();
  std::vector<int64_t> target_of(group_count, -1);
  for (const auto& merge : options.merges) {
    for (uint32_t s : merge.sources) {
      if (s == merge.target || target_of[s] >= 0) {
        throw std::invalid_argument("--merge-groups: group '" + names[s] +
                                    "' is merged twice or into itself");
      }
      target_of[s] = merge.target;
    }
  }
  for (const auto& merge : options.merges) {
    if (target_of[merge.target] >= 0) {
      throw std::invalid_argument("--merge-groups: '" + names[merge.target] +
                                  "' is both merged and a merge target");
    }
  }
  FittingGroups plan;
  plan.rows = rows;
  plan.of_group.assign(group_count, 0);
  std::vector<size_t> fitting_rows;
  for (size_t g = 0; g < group_count; ++g) {
    if (target_of[g] >= 0) continue;
    plan.of_group[g] = static_cast<uint32_t>(plan.count++);
    fitting_rows.push_back(rows[g]);
  }
  for (size_t g = 0; g < group_count; ++g) {
    if (target_of[g] < 0) continue;
    plan.of_group[g] = plan.of_group[static_cast<size_t>(target_of[g])];
    fitting_rows[plan.of_group[g]] += rows[g];
  }
  std::vector<uint32_t> still_small;
  for (size_t g = 0; g < group_count; ++g) {
    if (target_of[g] < 0 && fitting_rows[plan.of_group[g]] < options.min_group_size)
      still_small.push_back(static_cast<uint32_t>(g));
  }
  if (!still_small.empty()) {
    std::string what;
    for (uint32_t g : still_small) {
      what += (what.empty() ? "'" : ", '") + names[g] + "' " + Rows(fitting_rows[plan.of_group[g]]);
    }
    throw common::DataError(source, 0, 0,
                            "with --merge-groups, fewer rows than --min-group-size " +
                                std::to_string(options.min_group_size) +
                                " remain to fit a rule on: " + what +
                                " (merged groups counted with their target); merge into a larger "
                                "group, or lower --min-group-size");
  }
  for (const auto& merge : options.merges) {
    plan.notes.push_back(Quoted(names, merge.sources, &rows) + " merged into '" +
                         names[merge.target] + "': its rule is fitted on " +
                         Rows(fitting_rows[plan.of_group[merge.target]]));
  }
  return plan;
}

}  // namespace

size_t MinimumGroupSizeForWidth(double width) {
  if (!(width > 0.0 && width < 1.0)) throw std::invalid_argument("width must be in (0, 1)");
  // Wilson's interval at p = 1/2: 2 z sqrt(1/(4n) + z^2/(4n^2)) / (1 + z^2/n).
  constexpr double z = 1.959963984540054;  // two-sided 95 %
  for (size_t n = 1;; ++n) {
    const double m = static_cast<double>(n);
    const double full = 2.0 * z * std::sqrt(0.25 / m + z * z / (4.0 * m * m)) / (1.0 + z * z / m);
    if (full <= width) return n;
  }
}

GroupMerge ParseGroupMerge(const std::string& spec, const std::vector<std::string>& names) {
  const size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size()) {
    throw std::invalid_argument("--merge-groups '" + spec +
                                "': expected 'GROUP,GROUP:TARGET' (e.g. 'race=Asian:race=Other')");
  }
  GroupMerge merge;
  merge.target = GroupIndex(spec.substr(colon + 1), names);
  const std::string sources = spec.substr(0, colon);
  for (size_t begin = 0; begin <= sources.size();) {
    const size_t end = std::min(sources.find(',', begin), sources.size());
    merge.sources.push_back(GroupIndex(sources.substr(begin, end - begin), names));
    begin = end + 1;
  }
  return merge;
}

FittingGroups PlanFittingGroups(const std::vector<size_t>& rows,
                                const std::vector<std::string>& names, const std::string& source,
                                const SmallGroupOptions& options) {
  if (options.policy == SmallGroupPolicy::kMerge) return MergedPlan(rows, names, source, options);
  std::vector<uint32_t> small;
  for (size_t g = 0; g < rows.size(); ++g) {
    if (rows[g] < options.min_group_size) small.push_back(static_cast<uint32_t>(g));
  }
  if (!small.empty() && options.policy == SmallGroupPolicy::kRefuse) {
    RefuseSmallGroups(small, rows, names, source, options.min_group_size);
  }
  return PooledPlan(rows, names, options.min_group_size);
}

std::vector<size_t> RowsPerGroup(const data::ScoredSample& sample, size_t group_count) {
  std::vector<size_t> rows(group_count, 0);
  for (uint32_t g : sample.groups) {
    if (g < group_count) ++rows[g];
  }
  return rows;
}

data::ScoredSample OnFittingGroups(const data::ScoredSample& sample, const FittingGroups& plan) {
  data::ScoredSample out;
  out.refused = sample.refused;
  for (size_t i = 0; i < sample.groups.size(); ++i) {
    const uint32_t f = plan.of_group[sample.groups[i]];
    if (f == FittingGroups::kPooled) continue;
    out.scores.push_back(sample.scores[i]);
    out.groups.push_back(f);
    if (!sample.labels.empty()) out.labels.push_back(sample.labels[i]);
  }
  return out;
}

data::ScoredSample AsOneGroup(const data::ScoredSample& sample) {
  data::ScoredSample out = sample;
  std::fill(out.groups.begin(), out.groups.end(), 0u);
  return out;
}

}  // namespace tinyfair::host::postprocessing
