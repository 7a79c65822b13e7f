#include "host_tools/postprocessing/hardt_from_histograms.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace tinyfair::host::postprocessing {
namespace {

constexpr double kInfiniteThreshold = std::numeric_limits<double>::infinity();

// The group's operating points at its cell boundaries, from the top cell down.
HardtGroupCounts CountCells(const std::vector<ScoreHistograms::Cell>& cells) {
  HardtGroupCounts counts;
  counts.points.push_back({kInfiniteThreshold, 0, 0});
  int64_t false_positives = 0, true_positives = 0;
  for (size_t c = cells.size(); c-- > 0;) {
    true_positives += static_cast<int64_t>(cells[c].positives);
    false_positives += static_cast<int64_t>(cells[c].count - cells[c].positives);
    const double threshold = c > 0 ? cells[c - 1].highest : -kInfiniteThreshold;
    counts.points.push_back({threshold, false_positives, true_positives});
  }
  counts.positives = true_positives;
  counts.negatives = false_positives;
  return counts;
}

// The largest amount a row threshold inside one of the group's cells holding
// more than one value can lie above the histogram hull, in counts.
double LargestGapInside(const std::vector<ScoreHistograms::Cell>& cells, bool parity) {
  double gap = 0.0;
  for (const ScoreHistograms::Cell& cell : cells) {
    if (cell.lowest == cell.highest) continue;
    const double positives = static_cast<double>(cell.positives);
    const double negatives = static_cast<double>(cell.count - cell.positives);
    const double off =
        parity ? 2.0 * positives * negatives / static_cast<double>(cell.count) : positives;
    gap = std::max(gap, off);
  }
  return gap;
}

double AccuracyBound(const ScoreHistograms& histograms, const std::vector<HardtGroupCounts>& counts,
                     bool parity) {
  double examples = 0.0, positives = 0.0, parity_sum = 0.0, odds_max = 0.0;
  for (size_t g = 0; g < counts.size(); ++g) {
    const double gap = LargestGapInside(histograms.OccupiedCells(g), parity);
    parity_sum += gap;
    odds_max = std::max(odds_max, gap / static_cast<double>(counts[g].positives));
    examples += static_cast<double>(counts[g].positives + counts[g].negatives);
    positives += static_cast<double>(counts[g].positives);
  }
  return parity ? parity_sum / examples : positives / examples * odds_max;
}

}  // namespace

HistogramHardtFit FitHardtPostprocessing(const ScoreHistograms& histograms,
                                         const HardtOptions& options) {
  std::vector<HardtGroupCounts> counts;
  for (size_t g = 0; g < histograms.group_count(); ++g) {
    counts.push_back(CountCells(histograms.OccupiedCells(g)));
  }
  HistogramHardtFit result;
  result.fit = FitHardtOnCounts(counts, options);
  const bool parity = options.constraint == metrics::FairnessConstraint::kDemographicParity;
  result.accuracy_bound = AccuracyBound(histograms, counts, parity);
  return result;
}

}  // namespace tinyfair::host::postprocessing
