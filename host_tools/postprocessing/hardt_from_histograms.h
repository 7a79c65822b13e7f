// Hardt post-processing fitted from per-group score histograms (a stream of
// rows, or the merged summaries of a data set's parts) by the exact solver
// of the row fit (hardt_postprocessing.h), on the operating points at cell
// boundaries: t = the highest score of an occupied cell, so `score > t`
// selects exactly the examples of the cells above, plus selecting nobody
// (t = +inf) and everybody (t = -inf).
//
// The scores are the device's: postprocess --method hardt-* fits on the
// runtime's score f in [-1, 1] (not on p = (f + 1) / 2), and the device's
// two_threshold rule compares that f, as a float, with the thresholds. A
// threshold here is one of those float scores, so it survives the model's
// float unchanged; a score outside [-1, 1] cannot be binned and
// ScoreHistograms::Add refuses it.
//
// What this gives, against FitHardtPostprocessing on the same examples:
// (a) the rules' rates on the examples are exactly the rates the fit
//     reports (a threshold never splits a cell, so the counts are exact);
// (b) when every occupied cell holds a single score value, the points are
//     the row fit's own, and the fit equals it bit for bit;
// (c) otherwise its points are a subset of the row fit's, so its accuracy
//     is at most the row fit's, and at least that minus accuracy_bound.
//     Within a cell c of group g holding m_c examples, pos_c labelled 1 and
//     neg_c labelled 0, a row threshold selecting part of the cell is off
//     the chord between the cell's two end points by at most
//     2 pos_c neg_c / m_c correct examples (selection space) and pos_c true
//     positives at equal false positives (ROC space). Each group's hull thus
//     lies below the histogram hull raised by the largest such amount over
//     its cells holding more than one value, which gives
//       demographic parity: sum_g max_c 2 pos_c neg_c / m_c / N,
//       equalized odds:     (P / N) max_g max_c pos_c / P_g,
//     N the examples, P the positives, P_g the group's positives.
#pragma once

#include "host_tools/postprocessing/hardt_postprocessing.h"
#include "host_tools/postprocessing/score_histograms.h"

namespace tinyfair::host::postprocessing {

struct HistogramHardtFit {
  /// The rules, with rates and accuracy on the examples the histograms hold.
  HardtFit fit;
  /// How much more accurate the row fit on the same examples can be
  /// (property (c) above); 0 when every occupied cell holds one score value.
  double accuracy_bound = 0.0;
};

/// Fits one rule per group from `histograms`, whose examples are all
/// labelled (an example added without a label counts as a negative).
/// @throws std::invalid_argument as FitHardtOnCounts.
HistogramHardtFit FitHardtPostprocessing(const ScoreHistograms& histograms,
                                         const HardtOptions& options);

}  // namespace tinyfair::host::postprocessing
