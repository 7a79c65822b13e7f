// The mergeable summaries a cluster computes part by part and adds up: per
// group score histograms (the streamed fit's) and the sums behind the
// reference rates, with the fit from the merged histograms that
// postprocess --stream runs (rto, hardt-dp, hardt-eo).
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds the class ScoreHistograms (picklable through its serialisation),
/// histogram_scoring_model, summarise_scores, expected_rate_sums and
/// fit_from_histograms.
void AddSummaryFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
