// tinyfair sweep's work: the randomized threshold optimizer over a (gamma,
// rho) grid and every other post-processor as baselines, each measured on
// validation and test data by the runtime's own decisions, one grid point
// selected on validation (SelectOnValidation), and the selected fit as a
// finished model.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/label_options.h"
#include "host_tools/fit/selection_check.h"
#include "host_tools/fit/small_group_plan.h"
#include "host_tools/metrics/metrics.h"
#include "host_tools/metrics/tradeoff_front.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

struct SweepOptions {
  LabelOptions label;
  /// Without a scorer model: the column holding the scores (in every
  /// table), probability or margin, and the sensitive columns.
  std::string score_column, score_kind = "probability";
  /// The group attributes (default: the scorer's groups).
  std::vector<std::string> sensitive;
  SmallGroupSettings small_groups;
  /// The grid and the selection's gap limit, with the library's defaults.
  postprocessing::RtoSelectionOptions selection;
};

/// The method name of the baseline row: the input model's own decisions.
inline constexpr char kSweepInputModel[] = "input model";

/// One fitted rule of the sweep, measured on validation and test data.
struct SweepRow {
  std::string method;
  double gamma, rho;  // NaN where the method has none (theta for ROC)
  metrics::ClassificationReport validation, test;
};

struct SweepResult {
  /// The input model first, then the RTO grid in grid order, then the
  /// baselines.
  std::vector<SweepRow> rows;
  size_t chosen = 0;  // the selected RTO row
  /// The rows no other row beats on both test gap and test accuracy
  /// (expected values), in increasing gap: the trade-off they reach together.
  std::vector<metrics::TradeoffPoint> test_front;
  /// The selected fit, finished with its reference rates on the fitting data.
  tinyfair::Model selected;
  /// Hardt et al.'s demographic-parity rule per group (its decision curves).
  std::vector<postprocessing::HardtGroupRule> hardt_dp;
  size_t grid_fits = 0, fitting_rows = 0;
  double grid_seconds = 0.0;  // the RTO grid's fits alone
  /// The selected point against the gap limit and the input model, for
  /// CheckSelectionOnValidation (with --strict).
  SelectionOnValidation selection;
};

/// Checks the grid and the gap limit.
/// @throws std::invalid_argument naming the option outside its range.
void CheckSweepOptions(const SweepOptions& options);

/// The scorer the sweep fits for: `scorer` (nullptr: the score column of
/// `fitting`) with its groups formed from the sensitive columns.
/// @throws std::invalid_argument without exactly one of a scorer and a score
///         column, or a score column without sensitive columns.
tinyfair::Model SweepScorer(const SweepOptions& options, const data::ColumnTable& fitting,
                            const tinyfair::Model* scorer);

/// The sweep over the three tables (each named by its path in messages; a
/// file's table converts with data::ColumnTableFromCsv).
SweepResult Sweep(const SweepOptions& options, const tinyfair::Model& scorer,
                  const data::ColumnTable& fitting, const data::ColumnTable& validation,
                  const data::ColumnTable& test);

/// sweep.csv: every row, the ROC curve's points included.
std::string SweepCsv(const std::vector<SweepRow>& rows);

}  // namespace tinyfair::host::fit
