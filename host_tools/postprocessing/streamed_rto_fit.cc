// The exact solver on histograms: each occupied cell stands for its
// examples placed at their mean score. Where the ramp is linear over a
// cell's range (the cell lies below t, inside [t, t + gamma] or above it),
// the cell's contribution to the group's mean ramp value G(t) is exactly
// that of its examples, so only cells holding a ramp end can be off.
#include "host_tools/postprocessing/streamed_rto_fit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace tinyfair::host::postprocessing {
namespace {

// A group's examples as weighted points with prefix sums, so that G(t) is
// two binary searches.
class WeightedScores {
 public:
  explicit WeightedScores(std::vector<ScoreHistograms::Cell> cells) : cells_(std::move(cells)) {
    count_prefix_.push_back(0.0);
    sum_prefix_.push_back(0.0);
    for (const auto& cell : cells_) {
      means_.push_back(cell.sum / static_cast<double>(cell.count));
      count_prefix_.push_back(count_prefix_.back() + static_cast<double>(cell.count));
      sum_prefix_.push_back(sum_prefix_.back() + cell.sum);
    }
  }

  // mean clamp((f - t) / gamma, 0, 1) with every example at its cell's mean.
  double RampMean(double t, double gamma) const {
    const size_t band_begin = Index(std::upper_bound(means_.begin(), means_.end(), t));
    const size_t band_end =
        Index(std::lower_bound(means_.begin() + band_begin, means_.end(), t + gamma));
    const double total = count_prefix_.back();
    const double above = total - count_prefix_[band_end];
    const double band_count = count_prefix_[band_end] - count_prefix_[band_begin];
    const double band_sum = sum_prefix_[band_end] - sum_prefix_[band_begin];
    return (above + (band_sum - t * band_count) / gamma) / total;
  }

  // The t with G(t) = target, the middle of the solution set when G is flat
  // there (as the in-memory solver chooses), by bisection to the last bit.
  double Solve(double target, double gamma) const {
    const double lowest = means_.front() - gamma;  // G = 1 at and below
    const double highest = means_.back();          // G = 0 at and above
    if (target >= 1.0) return lowest;
    if (target <= 0.0) return highest;
    // sup {t : G(t) >= target} and inf {t : G(t) <= target}.
    const double last_at_or_above =
        Bisect(lowest, highest, [&](double t) { return RampMean(t, gamma) >= target; });
    double lo = lowest, hi = highest;
    for (;;) {
      const double mid = lo + (hi - lo) / 2.0;
      if (mid == lo || mid == hi) break;
      (RampMean(mid, gamma) > target ? lo : hi) = mid;
    }
    return 0.5 * (hi + last_at_or_above);
  }

  // How far G(t) can be from the examples' own mean ramp value: the
  // examples of cells that hold t or t + gamma strictly inside their range.
  double ErrorBound(double t, double gamma) const {
    double off = 0.0;
    for (const double end : {t, t + gamma}) {
      const auto after = std::upper_bound(
          cells_.begin(), cells_.end(), end,
          [](double value, const ScoreHistograms::Cell& cell) { return value < cell.lowest; });
      if (after == cells_.begin()) continue;
      const auto& cell = *(after - 1);
      if (cell.lowest < end && end < cell.highest) {
        const double spread = (cell.highest - cell.lowest) / gamma;
        off += static_cast<double>(cell.count) * std::min(1.0, spread);
      }
    }
    return off / count_prefix_.back();
  }

  const std::vector<ScoreHistograms::Cell>& cells() const { return cells_; }
  const std::vector<double>& means() const { return means_; }

 private:
  size_t Index(std::vector<double>::const_iterator it) const {
    return static_cast<size_t>(it - means_.begin());
  }

  // The last t in [lo, hi] where `holds` (which holds at lo, not at hi, and
  // changes once), to the last bit.
  template <typename Predicate>
  static double Bisect(double lo, double hi, Predicate holds) {
    for (;;) {
      const double mid = lo + (hi - lo) / 2.0;
      if (mid == lo || mid == hi) return lo;
      (holds(mid) ? lo : hi) = mid;
    }
  }

  std::vector<ScoreHistograms::Cell> cells_;
  std::vector<double> means_;
  std::vector<double> count_prefix_;
  std::vector<double> sum_prefix_;
};

}  // namespace

StreamedRtoFit FitRandomizedThresholdOptimizer(const ScoreHistograms& histograms,
                                               const RtoOptions& options) {
  const size_t group_count = histograms.group_count();
  CheckRtoOptions(options, group_count);
  auto rho_of = [&options](size_t k) {
    return options.rho_by_group.empty() ? options.rho : options.rho_by_group[k];
  };
  std::vector<WeightedScores> groups;
  for (size_t k = 0; k < group_count; ++k) {
    if (histograms.examples(k) == 0) {
      throw std::invalid_argument("group " + std::to_string(k) +
                                  " has no example in the fitting sample");
    }
    groups.emplace_back(histograms.OccupiedCells(k));
  }
  StreamedRtoFit result;
  RtoFit& fit = result.fit;
  fit.gamma = options.gamma;
  if (options.solver == RtoOptions::Solver::kExact) {
    for (size_t k = 0; k < group_count; ++k) {
      // As the in-memory solver: t = 0 unless G(0) leaves the band.
      const double upper = rho_of(k) + options.epsilon / 2.0;
      const double lower = rho_of(k) - options.epsilon / 2.0;
      const double at_zero = groups[k].RampMean(0.0, options.gamma);
      double t = 0.0;
      if (at_zero > upper) t = groups[k].Solve(upper, options.gamma);
      if (at_zero < lower) t = groups[k].Solve(lower, options.gamma);
      fit.thresholds.push_back(t);
    }
  } else {
    // Example i of the sample, cells in group order: a cell is drawn with
    // probability count / N, at its mean score.
    std::vector<uint64_t> cell_end;
    std::vector<std::pair<uint32_t, double>> cell_example;
    uint64_t total = 0;
    for (size_t k = 0; k < group_count; ++k) {
      for (size_t c = 0; c < groups[k].cells().size(); ++c) {
        total += groups[k].cells()[c].count;
        cell_end.push_back(total);
        cell_example.emplace_back(static_cast<uint32_t>(k), groups[k].means()[c]);
      }
    }
    fit.thresholds = SgdThresholds(
        total,
        [&](size_t i) {
          const auto it = std::upper_bound(cell_end.begin(), cell_end.end(), uint64_t{i});
          return cell_example[static_cast<size_t>(it - cell_end.begin())];
        },
        group_count, options);
  }
  for (size_t k = 0; k < group_count; ++k) {
    fit.positive_rates.push_back(groups[k].RampMean(fit.thresholds[k], options.gamma));
    fit.group_sizes.push_back(histograms.examples(k));
    result.rate_error_bounds.push_back(groups[k].ErrorBound(fit.thresholds[k], options.gamma));
  }
  return result;
}

}  // namespace tinyfair::host::postprocessing
