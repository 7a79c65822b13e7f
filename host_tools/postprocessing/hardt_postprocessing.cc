// Both constraints reduce to a one-dimensional concave maximisation over
// piecewise-linear hulls built from integer counts (so the hull tests are
// exact): demographic parity over the common selection rate, equalized odds
// over the common false positive rate. A concave piecewise-linear function
// peaks at one of its breakpoints, so evaluating every breakpoint is exact.
#include "host_tools/postprocessing/hardt_postprocessing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace tinyfair::host::postprocessing {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Objective values closer than this are ties, resolved towards the smaller
// rate (fairlearn takes the first grid point of equal error).
constexpr double kTieTolerance = 1e-12;

using GroupCounts = HardtGroupCounts;
using CountPoint = HardtGroupCounts::Point;

GroupCounts CountThresholds(const std::vector<double>& scores, const std::vector<int>& labels) {
  GroupCounts counts;
  std::vector<size_t> order(scores.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
  for (int label : labels) (label == 1 ? counts.positives : counts.negatives) += 1;
  counts.points.push_back({kInfinity, 0, 0});
  int64_t fp = 0, tp = 0;
  size_t i = 0;
  while (i < order.size()) {
    const double score = scores[order[i]];
    for (; i < order.size() && scores[order[i]] == score; ++i) {
      (labels[order[i]] == 1 ? tp : fp) += 1;
    }
    // Everything at or above `score` is now selected: that is `> next score`.
    const double threshold = i < order.size() ? scores[order[i]] : -kInfinity;
    counts.points.push_back({threshold, fp, tp});
  }
  return counts;
}

// A hull vertex: integer coordinates for the exact convexity test, rates for
// the optimisation.
struct Vertex {
  int64_t cx, cy;
  double x, y;
  double threshold;
};

// Upper concave hull of points sorted by (cx, cy); at equal cx only the
// highest point is kept so that the hull is a function of x. Collinear
// points are dropped, as fairlearn does.
std::vector<Vertex> UpperHull(const std::vector<Vertex>& points) {
  std::vector<Vertex> hull;
  for (const Vertex& p : points) {
    if (!hull.empty() && hull.back().cx == p.cx) {
      if (p.cy < hull.back().cy) continue;
      hull.pop_back();
    }
    while (hull.size() >= 2) {
      const Vertex& a = hull[hull.size() - 2];
      const Vertex& b = hull.back();
      // Counts are below 2^31, so the products stay below 2^62.
      if ((b.cy - a.cy) * (p.cx - a.cx) <= (p.cy - a.cy) * (b.cx - a.cx)) {
        hull.pop_back();
      } else {
        break;
      }
    }
    hull.push_back(p);
  }
  return hull;
}

// A point of a hull at rate x: vertex a with weight p0, vertex b with 1 - p0.
struct HullMix {
  size_t a, b;
  double p0;
  double y;
};

// x in [hull.front().x, hull.back().x].
HullMix Interpolate(const std::vector<Vertex>& hull, double x) {
  auto it = std::lower_bound(hull.begin(), hull.end(), x,
                             [](const Vertex& v, double value) { return v.x < value; });
  if (it == hull.end()) it = hull.end() - 1;
  const size_t b = static_cast<size_t>(it - hull.begin());
  if (hull[b].x == x || b == 0) return {b, b, 1.0, hull[b].y};
  const size_t a = b - 1;
  const double p0 = (hull[b].x - x) / (hull[b].x - hull[a].x);
  return {a, b, p0, p0 * hull[a].y + (1.0 - p0) * hull[b].y};
}

HardtGroupRule RuleFromMix(const std::vector<Vertex>& hull, const HullMix& mix) {
  HardtGroupRule rule;
  rule.t0 = hull[mix.a].threshold;
  rule.t1 = hull[mix.b].threshold;
  rule.p0 = mix.a == mix.b ? 1.0 : mix.p0;
  rule.p1 = 1.0 - rule.p0;
  return rule;
}

std::vector<double> SortedUnique(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

void Validate(const std::vector<double>& scores, const std::vector<int>& labels,
              const std::vector<uint32_t>* groups, size_t group_count) {
  if (scores.size() != labels.size()) {
    throw std::invalid_argument("scores and labels differ in length");
  }
  if (groups != nullptr && groups->size() != scores.size()) {
    throw std::invalid_argument("scores and groups differ in length");
  }
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!std::isfinite(scores[i])) {
      throw std::invalid_argument("score " + std::to_string(i) + " is not a finite number");
    }
    if (labels[i] != 0 && labels[i] != 1) {
      throw std::invalid_argument("label " + std::to_string(i) + " is not 0 or 1");
    }
    if (groups != nullptr && (*groups)[i] >= group_count) {
      throw std::invalid_argument("group index " + std::to_string((*groups)[i]) + " of example " +
                                  std::to_string(i) + " is out of range");
    }
  }
}

void CheckGroup(const GroupCounts& counts, size_t group) {
  const std::string name = "group " + std::to_string(group);
  if (counts.positives + counts.negatives == 0) {
    throw std::invalid_argument(name + " has no example in the fitting sample");
  }
  if (counts.positives == 0 || counts.negatives == 0) {
    throw std::invalid_argument(name + " has examples of one label only (" +
                                (counts.positives == 0 ? "no positive" : "no negative") +
                                "), so its true or false positive rate is undefined");
  }
  if (counts.positives + counts.negatives >= (int64_t{1} << 31)) {
    throw std::invalid_argument(name + " has too many examples");
  }
}

}  // namespace

double HardtProbability(const HardtGroupRule& rule, double score) {
  const double thresholds = (score > rule.t0 ? rule.p0 : 0.0) + (score > rule.t1 ? rule.p1 : 0.0);
  return (1.0 - rule.ignore) * thresholds + rule.ignore * rule.constant;
}

std::vector<HardtOperatingPoint> HardtOperatingPoints(const std::vector<double>& scores,
                                                      const std::vector<int>& labels) {
  Validate(scores, labels, nullptr, 1);
  const GroupCounts counts = CountThresholds(scores, labels);
  CheckGroup(counts, 0);
  const double n = static_cast<double>(scores.size());
  std::vector<HardtOperatingPoint> points;
  for (const CountPoint& c : counts.points) {
    HardtOperatingPoint p;
    p.threshold = c.threshold;
    p.selection_rate = static_cast<double>(c.false_positives + c.true_positives) / n;
    p.true_positive_rate =
        static_cast<double>(c.true_positives) / static_cast<double>(counts.positives);
    p.false_positive_rate =
        static_cast<double>(c.false_positives) / static_cast<double>(counts.negatives);
    p.accuracy = static_cast<double>(c.true_positives + counts.negatives - c.false_positives) / n;
    points.push_back(p);
  }
  return points;
}

namespace {

// Per group, the counts of every threshold.
std::vector<GroupCounts> CountGroups(const std::vector<double>& scores,
                                     const std::vector<int>& labels,
                                     const std::vector<uint32_t>& groups, size_t group_count) {
  std::vector<std::vector<double>> group_scores(group_count);
  std::vector<std::vector<int>> group_labels(group_count);
  for (size_t i = 0; i < scores.size(); ++i) {
    group_scores[groups[i]].push_back(scores[i]);
    group_labels[groups[i]].push_back(labels[i]);
  }
  std::vector<GroupCounts> counts;
  for (size_t g = 0; g < group_count; ++g) {
    counts.push_back(CountThresholds(group_scores[g], group_labels[g]));
  }
  return counts;
}

// Demographic parity: (selection, accuracy) of a group; equalized odds:
// (FPR, TPR). Both maps from (FP, TP) counts are affine, so the hull is the
// image of the group's achievable set's upper boundary.
std::vector<Vertex> GroupHull(const GroupCounts& c, bool parity) {
  const int64_t n = c.positives + c.negatives;
  std::vector<Vertex> points;
  for (const CountPoint& p : c.points) {
    Vertex v;
    v.threshold = p.threshold;
    if (parity) {
      v.cx = p.false_positives + p.true_positives;
      v.cy = p.true_positives + c.negatives - p.false_positives;
      v.x = static_cast<double>(v.cx) / static_cast<double>(n);
      v.y = static_cast<double>(v.cy) / static_cast<double>(n);
    } else {
      v.cx = p.false_positives;
      v.cy = p.true_positives;
      v.x = static_cast<double>(v.cx) / static_cast<double>(c.negatives);
      v.y = static_cast<double>(v.cy) / static_cast<double>(c.positives);
    }
    points.push_back(v);
  }
  // The walk already visits (cx, cy) in non-decreasing order of both in
  // ROC space, and of cx in selection space.
  return UpperHull(points);
}

// The common rates where the objective may peak: every hull breakpoint and,
// for equalized odds, where two groups' hulls cross.
std::vector<double> CandidateRates(const std::vector<std::vector<Vertex>>& hulls, bool parity) {
  std::vector<double> breakpoints;
  for (const auto& hull : hulls) {
    for (const Vertex& v : hull) breakpoints.push_back(v.x);
  }
  breakpoints = SortedUnique(breakpoints);
  if (parity) return breakpoints;
  // min_g U_g(x) also bends where two groups' hulls cross; between two
  // consecutive breakpoints every hull is linear, so each pair crosses at
  // most once there.
  std::vector<double> candidates = breakpoints;
  for (size_t i = 0; i + 1 < breakpoints.size(); ++i) {
    const double left = breakpoints[i], right = breakpoints[i + 1];
    for (size_t g = 0; g < hulls.size(); ++g) {
      for (size_t h = g + 1; h < hulls.size(); ++h) {
        const double dl = Interpolate(hulls[g], left).y - Interpolate(hulls[h], left).y;
        const double dr = Interpolate(hulls[g], right).y - Interpolate(hulls[h], right).y;
        if ((dl < 0.0 && dr > 0.0) || (dl > 0.0 && dr < 0.0)) {
          candidates.push_back(left + (right - left) * dl / (dl - dr));
        }
      }
    }
  }
  return SortedUnique(candidates);
}

// Overall accuracy at common rate x: a weighted sum of the groups' hulls
// (parity), or the accuracy of the best common ROC point (equalized odds).
struct CommonRateAccuracy {
  const std::vector<std::vector<Vertex>>& hulls;
  const std::vector<size_t>& sizes;
  bool parity;
  double total;
  double positive_share;

  double operator()(double x) const {
    if (parity) {
      double sum = 0.0;
      for (size_t g = 0; g < hulls.size(); ++g) {
        sum += static_cast<double>(sizes[g]) / total * Interpolate(hulls[g], x).y;
      }
      return sum;
    }
    double lowest = kInfinity;
    for (size_t g = 0; g < hulls.size(); ++g) lowest = std::min(lowest, Interpolate(hulls[g], x).y);
    return (1.0 - positive_share) * (1.0 - x) + positive_share * lowest;
  }
};

double BestCommonRate(const std::vector<double>& candidates, const CommonRateAccuracy& objective) {
  double best_x = candidates.front();
  double best = objective(best_x);
  for (double x : candidates) {
    const double value = objective(x);
    if (value > best + kTieTolerance) {
      best = value;
      best_x = x;
    }
  }
  return best_x;
}

// Each group's rule at common rate x.
std::vector<HardtGroupRule> RulesAt(const std::vector<std::vector<Vertex>>& hulls, double best_x,
                                    bool parity) {
  std::vector<HullMix> mixes;
  double best_tpr = kInfinity;
  for (const auto& hull : hulls) {
    mixes.push_back(Interpolate(hull, best_x));
    best_tpr = std::min(best_tpr, mixes.back().y);
  }
  std::vector<HardtGroupRule> rules;
  for (size_t g = 0; g < hulls.size(); ++g) {
    HardtGroupRule rule = RuleFromMix(hulls[g], mixes[g]);
    if (!parity) {
      // The hull point (x, U) sits above the common (x, y*); mixing in the
      // constant prediction x, which lies at (x, x) on the diagonal, lowers
      // the TPR to y* and keeps the FPR at x.
      const double above = mixes[g].y - best_x;
      rule.constant = best_x;
      rule.ignore = above > 0.0 ? std::clamp((mixes[g].y - best_tpr) / above, 0.0, 1.0) : 0.0;
    }
    rules.push_back(rule);
  }
  return rules;
}

// The rules' expected rates from the counts: `score > t` for a point's
// threshold t selects that point's examples, so no example is needed.
void MeasureRules(const std::vector<GroupCounts>& groups, HardtFit& fit) {
  double correct = 0.0, total = 0.0;
  for (size_t g = 0; g < groups.size(); ++g) {
    const GroupCounts& c = groups[g];
    const HardtGroupRule& rule = fit.rules[g];
    auto at = [&c](double t) -> const CountPoint& {
      return *std::find_if(c.points.begin(), c.points.end(),
                           [t](const CountPoint& p) { return p.threshold == t; });
    };
    const CountPoint& first = at(rule.t0);
    const CountPoint& second = at(rule.t1);
    const double positives = static_cast<double>(c.positives);
    const double negatives = static_cast<double>(c.negatives);
    const double kept = 1.0 - rule.ignore;
    const double true_pos = kept * (rule.p0 * static_cast<double>(first.true_positives) +
                                    rule.p1 * static_cast<double>(second.true_positives)) +
                            rule.ignore * rule.constant * positives;
    const double false_pos = kept * (rule.p0 * static_cast<double>(first.false_positives) +
                                     rule.p1 * static_cast<double>(second.false_positives)) +
                             rule.ignore * rule.constant * negatives;
    fit.group_sizes.push_back(static_cast<size_t>(c.positives + c.negatives));
    fit.selection_rates.push_back((true_pos + false_pos) / (positives + negatives));
    fit.true_positive_rates.push_back(true_pos / positives);
    fit.false_positive_rates.push_back(false_pos / negatives);
    correct += true_pos + negatives - false_pos;
    total += positives + negatives;
  }
  fit.accuracy = correct / total;
}

}  // namespace

HardtFit FitHardtOnCounts(const std::vector<GroupCounts>& groups, const HardtOptions& options) {
  if (groups.empty()) throw std::invalid_argument("group count must be positive");
  for (size_t g = 0; g < groups.size(); ++g) CheckGroup(groups[g], g);
  using metrics::FairnessConstraint;
  metrics::RequireSupportedConstraint(
      "hardt", options.constraint,
      {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualizedOdds});
  const bool parity = options.constraint == FairnessConstraint::kDemographicParity;
  std::vector<std::vector<Vertex>> hulls;
  std::vector<size_t> sizes;
  int64_t all_positives = 0, all_examples = 0;
  for (const GroupCounts& c : groups) {
    hulls.push_back(GroupHull(c, parity));
    sizes.push_back(static_cast<size_t>(c.positives + c.negatives));
    all_positives += c.positives;
    all_examples += c.positives + c.negatives;
  }
  const double total = static_cast<double>(all_examples);
  const double positive_share = static_cast<double>(all_positives) / total;
  const CommonRateAccuracy objective{hulls, sizes, parity, total, positive_share};
  const double best_x = BestCommonRate(CandidateRates(hulls, parity), objective);

  HardtFit fit;
  fit.rules = RulesAt(hulls, best_x, parity);
  MeasureRules(groups, fit);
  return fit;
}

HardtFit FitHardtPostprocessing(const std::vector<double>& scores, const std::vector<int>& labels,
                                const std::vector<uint32_t>& groups, size_t group_count,
                                const HardtOptions& options) {
  if (group_count == 0) throw std::invalid_argument("group count must be positive");
  Validate(scores, labels, &groups, group_count);
  return FitHardtOnCounts(CountGroups(scores, labels, groups, group_count), options);
}

}  // namespace tinyfair::host::postprocessing
