#include "host_tools/fit/ramp_selection.h"

#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_progress.h"
#include "host_tools/fit/grid_selection.h"
#include "host_tools/fit/runtime_report.h"
#include "host_tools/fit/scorer_decisions.h"
#include "host_tools/fit/selection_check.h"
#include "host_tools/model/rule_writers.h"

namespace tinyfair::host::fit {
namespace {

// The scorer deciding with a ramp, as the device will.
tinyfair::Model WithRamp(const tinyfair::Model& scorer, const RampFit& fit) {
  tinyfair::Model model = scorer;
  model::SetRampRule(fit.thresholds, fit.gamma, model);
  return model;
}

}  // namespace

RampFit SelectRampOnValidation(const PostprocessOptions& o, const RampFitter& fitter,
                               const tinyfair::Model& scorer, const data::ColumnTable& validation) {
  data::CheckGroupsKnown(scorer, validation);
  const std::vector<int> labels = data::ReadLabels(validation, o.label.label, o.label.positive);
  // Every grid point is the scorer with another ramp: one runtime pass of
  // the input model finds each row's group, score and draw for all of them.
  const tinyfair::Model input_model = InputModelDecisions(scorer);
  const ScorerDecisions decided(input_model, validation, 1, 0);
  // Point by point, each fitted and measured on validation: one step of
  // the fit's progress (the Python package's bar).
  const std::vector<RampGridPoint> grid = fitter.Grid();
  std::vector<RampFit> fits;
  std::vector<metrics::ClassificationReport> reports;
  for (size_t i = 0; i < grid.size(); ++i) {
    fits.push_back(fitter.Fit(grid[i].gamma, grid[i].rho_offset));
    reports.push_back(ReportThroughRuntime(WithRamp(scorer, fits.back()), decided, labels));
    ReportProgress(static_cast<int>(i + 1), static_cast<int>(grid.size()));
  }
  const GridSelection selection = SelectOnValidation(reports, o.selection.max_validation_gap);
  const RampFit& fit = fits[selection.index];
  const metrics::ClassificationReport& selected = reports[selection.index];
  Note(common::FormatText(
      "postprocess: selected gamma %.4g rho %.4f on %s (%zu fits; validation: expected accuracy "
      "%.4f, parity gap %.4f)",
      fit.gamma, fit.rho, o.validation.c_str(), fits.size(), selected.expected_accuracy,
      selected.expected_dp_gap));
  const metrics::ClassificationReport input = ReportThroughRuntime(input_model, decided, labels);
  Note(common::FormatText("postprocess: the input model on %s: accuracy %.4f, parity gap %.4f",
                          o.validation.c_str(), input.expected_accuracy, input.expected_dp_gap));
  CheckSelectionOnValidation(SelectionAgainstInputModel("postprocess", o.validation, selected,
                                                        input, o.selection.max_validation_gap),
                             o.strict);
  return fit;
}

}  // namespace tinyfair::host::fit
