// postprocess --stream: the ramp or Hardt's rules fitted from per-group score histograms gathered a
// block of rows at a time (fit/histogram_postprocess.h), the fitting file read
// twice (to fit, then for the reference rates) and never held whole.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/histogram_postprocess.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/postprocessing/score_histograms.h"
#include "host_tools/simulate/streamed_scoring.h"

namespace tinyfair::host::fit {

void CheckStreamedPostprocessOptions(const PostprocessOptions& o, bool with_scorer) {
  CheckPostprocessOptions(o, !o.validation.empty());
  const bool hardt = o.method == "hardt-dp" || o.method == "hardt-eo";
  if ((o.method != "rto" && !hardt) || o.covariance || !o.validation.empty() || !with_scorer) {
    throw std::invalid_argument(
        "--stream fits --method rto, hardt-dp or hardt-eo with a --model on --data; it takes "
        "no --covariance, --validation or --score-column");
  }
  if (hardt && o.label.label.empty()) {
    throw std::invalid_argument("--method " + o.method + " needs --label");
  }
}

tinyfair::Model PostprocessStreamed(const PostprocessOptions& o, const tinyfair::Model* scorer,
                                    const std::string& path) {
  tinyfair::Model model = HistogramScoringModel(o, scorer);
  std::FILE* progress = simulate::ProgressStreamIfTerminal();
  const auto start = std::chrono::steady_clock::now();
  postprocessing::ScoreHistograms histograms(model.dimensions().group_count());
  size_t refused = 0;
  const size_t rows = simulate::ScoreFileInBlocks(
      model, path, o.label.label, o.label.positive,
      [&](const data::ScoredSample& block) {
        histograms.Add(block);
        refused += block.refused;
      },
      progress);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  FinishFromHistograms(
      o, histograms, rows, refused, seconds,
      [&](const tinyfair::Model& m) {
        return simulate::ExpectedPositiveRatesOfFile(m, path, progress);
      },
      model);
  return model;
}

}  // namespace tinyfair::host::fit
