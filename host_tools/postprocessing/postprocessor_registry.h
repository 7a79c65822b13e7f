// Every post-processor once: its name, its help, its options with their
// defaults, and one Fit on a scored sample that returns the rule the model
// writer takes (model/fitted_rule.h). `postprocess` and `sweep` enumerate
// and call these entries, and bind their flags to the option structs below,
// so that a default is written in one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"
#include "host_tools/metrics/fairness_constraint.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/postprocessing/hardt_postprocessing.h"
#include "host_tools/postprocessing/randomized_threshold_optimizer.h"
#include "host_tools/postprocessing/reject_option_classification.h"
#include "host_tools/postprocessing/shift_inference.h"
#include "host_tools/postprocessing/small_groups.h"

namespace tinyfair::host::postprocessing {

/// The options of every post-processor; each entry reads its own.
struct PostprocessorOptions {
  /// rto: width, target rate (one, or one per model group), tolerance,
  /// solver.
  RtoOptions rto;
  /// roc: band widths and bias target. Its `unprivileged_group` is set by
  /// Fit: `unprivileged` below, or the default.
  RocOptions roc;
  /// roc: the group favoured in the band. Unset: the group the scorer
  /// selects least on the fitting sample (DefaultUnprivilegedGroup).
  std::optional<uint32_t> unprivileged;
  /// shift: its options.
  ShiftInferenceOptions shift;
};

/// rto with validation data: the (gamma, rho offset) grid the ramp is
/// selected on, and the largest validation parity gap a selected fit may
/// have (parity holds on the fitting sample by construction; on a small
/// validation sample the gap is mostly sampling noise, so no limit).
struct RtoSelectionOptions {
  std::vector<double> gammas = {0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  std::vector<double> rho_offsets = {-0.1, -0.05, 0.0, 0.05, 0.1};
  double max_validation_gap = 1.0;
};

/// The solver's name as the flags and the provenance spell it.
const char* RtoSolverName(RtoOptions::Solver solver);

/// What a post-processor fitted: the rule, one entry per model group, and
/// what it measured on the fitting sample.
struct PostprocessorFit {
  model::FittedRule rule;
  /// hardt-*: per model group, expected selection rate, TPR and FPR of its
  /// rule on the rows it was fitted on.
  std::vector<double> selection_rates, true_positive_rates, false_positive_rates;
  /// hardt-*: expected accuracy on the fitting sample.
  double accuracy = 0.0;
  /// roc: the whole fit (theta, gap, the curve of every theta) and the
  /// group it favoured.
  RocFit roc;
  uint32_t unprivileged_group = 0;
  /// shift: one fit per call on the fitting groups (the pooled rule is a
  /// second call).
  std::vector<ShiftInferenceFit> shift;
};

struct Postprocessor {
  /// The --method value, e.g. "hardt-dp".
  const char* name;
  /// One line for the help and the sweep's table, e.g. "Hardt DP".
  const char* title;
  const char* help;
  /// Fits on both labels in every group (checked before fitting).
  bool needs_both_labels;
  /// Defined on two groups whose rows are all its own: no merged or pooled
  /// small group.
  bool two_groups_only;
  /// The fairness constraint of the table it fits, for the entries that
  /// differ by constraint only (hardt-dp, hardt-eo): the Python estimator's
  /// `constraint` chooses among them.
  std::optional<metrics::FairnessConstraint> constraint;
  /// Fits on `sample` (scores f in [-1, 1], groups, labels), one rule per
  /// model group through `plan` (merged and pooled small groups).
  /// @throws std::invalid_argument on bad options or data.
  PostprocessorFit (*fit)(const data::ScoredSample& sample, const FittingGroups& plan,
                          const PostprocessorOptions& options);
};

/// Every post-processor, in the order the sweep reports them.
const std::vector<Postprocessor>& Postprocessors();

/// The entry called `name`. @throws std::invalid_argument for another name.
const Postprocessor& FindPostprocessor(const std::string& name);

/// The group the scorer (positive iff f >= 0) selects least on `sample`,
/// ties to group 0: the group reject option classification favours by
/// default. Taken from the sample the rule is fitted on, as every other
/// part of the fit, never from the data used to select or test it.
/// @throws std::invalid_argument unless `sample` has rows of groups 0 and 1
///         only, both present.
uint32_t DefaultUnprivilegedGroup(const data::ScoredSample& sample);

}  // namespace tinyfair::host::postprocessing
