// The ramp (rto) or Hardt's rules (hardt-dp, hardt-eo) fitted from per-group
// score histograms, whoever gathered
// them: postprocess --stream reading a file a block at a time, or a cluster
// summarising the parts of a data set and merging their histograms.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "host_tools/fit/postprocess_options.h"
#include "host_tools/postprocessing/score_histograms.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The model the histograms' scores come from: `scorer` with the groups
/// `options` name. Refuses what a fit from histograms cannot do (a method
/// other than rto, covariance, validation, a score column, no scorer).
/// @throws std::invalid_argument
tinyfair::Model HistogramScoringModel(const PostprocessOptions& options,
                                      const tinyfair::Model* scorer);

/// What the reference rates of the finished model are on the fitting data
/// (ExpectedPositiveRates over every row), for the model with its rule.
using ReferenceRates = std::function<std::vector<double>(const tinyfair::Model&)>;

/// Fits the ramp or Hardt's rules (as options.method says) on `histograms` (of `rows` rows,
/// `refused` of them refused by the scorer and left out) and finishes `model` (from
/// HistogramScoringModel) as postprocess --stream does; `seconds`: the time
/// spent so far, for the note.
/// @throws common::DataError for a group without examples (named after
///         options.data), std::invalid_argument for a group below
///         --min-group-size.
void FinishFromHistograms(const PostprocessOptions& options,
                          const postprocessing::ScoreHistograms& histograms, size_t rows,
                          size_t refused, double seconds, const ReferenceRates& rates_of,
                          tinyfair::Model& model);

}  // namespace tinyfair::host::fit
