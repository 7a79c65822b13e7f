// train --method fair-regression: fair regression by reductions (Agarwal,
// Dudik & Wu 2019; ../shared/specs/fair_regression_reductions.md) under
// statistical parity (sp) or bounded group loss (bgl). The result is a
// mixture of linear regressors, exported as a MixtureRule with REGRESS
// members: each decision draws one member and outputs its value clamped to
// [0, 1] and, for sp, rounded to the grid of size N. The average of the
// members is not the fair predictor; it is offered only as
// --regression-predictor member-mean-not-fair.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/numeric_labels.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_progress.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/metrics/regression_metrics.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/mixture_capacity.h"
#include "host_tools/model/mixture_outputs.h"
#include "host_tools/model/mixture_writer.h"
#include "host_tools/model/provenance.h"
#include "host_tools/reductions/bounded_group_loss.h"
#include "host_tools/reductions/fair_regression_reduction.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {
namespace {

struct FairRegressionOptions {
  std::string loss = "squared", oracle = "ls", grid_value = "midpoint", predictor = "mixture";
  int grid_size = 40, max_iterations = 100, max_members = 0;
  std::vector<double> slack = {0.05}, loss_bound;
  double dual_bound = 0.0, gap_tolerance = 1e-3, l2 = 1e-6, initial_step = 0.0;
  bool theory_step = false, average_only = false;
};

void SetOutput(const FairRegressionOptions& f, bool grid, tinyfair::RegressionOutput* output) {
  output->set_min(0.0f);
  output->set_max(1.0f);
  output->set_grid_size(grid ? static_cast<uint32_t>(f.grid_size) : 0U);
  output->set_grid_value(f.grid_value == "floor" ? tinyfair::RegressionOutput::FLOOR
                                                 : tinyfair::RegressionOutput::MIDPOINT);
}

void FillMixture(const TrainingSet& set, const host::reductions::RegressionMixture& mixture,
                 const FairRegressionOptions& f, bool grid, tinyfair::Model& model) {
  const Eigen::Index d = set.design.cols();
  set.encoder.FillScorer(Eigen::VectorXd::Zero(d), 0.0, set.use, model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::IDENTITY);
  if (f.predictor == "member-mean-not-fair") {
    Eigen::VectorXd coefficients = Eigen::VectorXd::Zero(d);
    double intercept = 0.0;
    for (size_t k = 0; k < mixture.members.size(); ++k) {
      coefficients += mixture.probability(k) * mixture.members[k].coefficients;
      intercept += mixture.probability(k) * mixture.members[k].intercept;
    }
    set.encoder.FillScorer(coefficients, intercept, set.use, model.mutable_scorer());
    SetOutput(f, grid, model.mutable_regression()->mutable_output());
    return;
  }
  std::vector<host::model::MixtureMember> members(mixture.members.size());
  for (size_t k = 0; k < mixture.members.size(); ++k) {
    set.encoder.FillScorer(mixture.members[k].coefficients, mixture.members[k].intercept, set.use,
                           &members[k].scorer);
    members[k].probability = static_cast<float>(mixture.probability(k));
  }
  auto* rule =
      host::model::SetMixtureRule(members, tinyfair::MixtureRule::REGRESS,
                                  {"--method fair-regression", "lower --max-members"}, model);
  SetOutput(f, grid, rule->mutable_output());
}

std::string MemberWeights(const host::reductions::RegressionMixture& mixture) {
  std::string weights;
  for (double w : mixture.weights) {
    weights += (weights.empty() ? "" : " ") + host::common::FormatText("%.4f", w);
  }
  return std::to_string(mixture.weights.size()) + " (" + weights + ")";
}

double Mean(const std::vector<double>& values) {
  return values.empty() ? 0.0
                        : std::accumulate(values.begin(), values.end(), 0.0) /
                              static_cast<double>(values.size());
}

// The settings Algorithm 1 (statistical parity) and Algorithm 2 (bounded
// group loss) share; an initial step of 0 keeps the algorithm's default.
template <typename LoopOptions>
void SetLoopOptions(const FairRegressionOptions& f, LoopOptions& options) {
  options.loss = f.loss == "logistic" ? host::metrics::RegressionLoss::kLogistic
                                      : host::metrics::RegressionLoss::kSquared;
  options.tolerance = f.gap_tolerance;
  options.theory_step = f.theory_step;
  if (f.initial_step > 0.0) options.initial_step = f.initial_step;
  options.max_iterations = f.max_iterations;
  options.max_members = f.max_members;
  options.l2 = f.l2;
}

std::string FitParity(const TrainingSet& set, const FairRegressionOptions& f,
                      const Eigen::VectorXd& y, const std::vector<int>& group, int groups,
                      tinyfair::Model& model) {
  host::reductions::StatisticalParityOptions options;
  SetLoopOptions(f, options);
  options.oracle = f.oracle == "lr"   ? host::reductions::ParityOracle::kLogistic
                   : f.oracle == "cs" ? host::reductions::ParityOracle::kCostSensitive
                                      : host::reductions::ParityOracle::kLeastSquares;
  options.grid_size = f.grid_size;
  options.slack = f.slack;
  options.bound = f.dual_bound;
  options.lp_step = !f.average_only;
  const bool tty = ProgressToTerminal();
  const auto start = std::chrono::steady_clock::now();
  const host::reductions::StatisticalParityFit fit = host::reductions::FitStatisticalParity(
      set.design, y, group, groups, options,
      [tty, most = options.max_iterations](int t, double gap, double loss, double disp) {
        ReportProgress(t, most);
        if (tty) {
          std::fprintf(stderr, "  iteration %3d  gap %.3e  loss %.6f  disparity %.4f\n", t, gap,
                       loss, disp);
        }
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string summary =
      "sp, " + f.loss + " loss, " + f.oracle + " oracle, N " + std::to_string(f.grid_size) +
      host::common::FormatText(", B %.4g, nu %.3g", fit.bound, fit.tolerance);
  // The provenance is part of the model's bytes, so it holds no timings:
  // the same data and options give the same model.
  char line[600];
  std::snprintf(
      line, sizeof(line),
      "train: fair regression (%s): stopped by %s after %d iterations; gap %.3e; "
      "members %s; training loss (discretized) %.6f, KS disparity %.4f (tolerance of "
      "Theorem 4: +%.4f)%s",
      summary.c_str(), fit.stopped_by.c_str(), fit.iterations, fit.gap,
      MemberWeights(fit.mixture).c_str(), fit.loss, fit.disparity, fit.violation_tolerance,
      fit.from_lp ? host::common::FormatText("; LP step over the hypotheses found (Algorithm 1's "
                                             "average: loss %.6f, disparity %.4f)",
                                             fit.average_loss, fit.average_disparity)
                        .c_str()
                  : "");
  Note(line + host::common::FormatText(" (%.0f oracle calls, %.3g s each, %.3f s in all)",
                                       static_cast<double>(fit.oracle_seconds.size()),
                                       Mean(fit.oracle_seconds), seconds));
  ReportConvergence("fair regression (sp)", fit.convergence, set.options.strict);
  FillMixture(set, fit.mixture, f, true, model);
  return line + ("; " + fit.convergence.Summary());
}

std::string FitGroupLoss(const TrainingSet& set, const FairRegressionOptions& f,
                         const Eigen::VectorXd& y, const std::vector<int>& group, int groups,
                         tinyfair::Model& model) {
  if (f.loss_bound.empty()) throw std::invalid_argument("--constraint bgl needs --bgl-bound");
  host::reductions::BoundedGroupLossOptions options;
  SetLoopOptions(f, options);
  options.bound = f.loss_bound;
  options.multiplier_bound = f.dual_bound;
  const bool tty = ProgressToTerminal();
  const host::reductions::BoundedGroupLossFit fit = host::reductions::FitBoundedGroupLoss(
      set.design, y, group, groups, options,
      [tty, most = options.max_iterations](int t, double gap, double loss, double excess) {
        ReportProgress(t, most);
        if (tty) {
          std::fprintf(stderr, "  iteration %3d  gap %.3e  loss %.6f  worst excess %+.4f\n", t, gap,
                       loss, excess);
        }
      });
  std::string losses;
  const auto names = GroupNames(model);
  for (size_t a = 0; a < fit.group_loss.size(); ++a) {
    losses += (a ? ", " : "") + names[a] + host::common::FormatText(" %.6f", fit.group_loss[a]);
  }
  if (fit.infeasible) {
    throw host::common::DataError(
        set.options.data, 0, 0,
        "the group-loss bounds are unattainable with these features: "
        "exponentiated gradient converged (gap " +
            host::common::FormatText("%.3e", fit.gap) + ") with group losses " + losses +
            host::common::FormatText(" above the bounds plus (1 + 2 nu) / B = %.4f",
                                     fit.violation_tolerance) +
            "; relax --bgl-bound");
  }
  for (size_t a = 0; a < fit.group_loss.size(); ++a) {
    const double bound = f.loss_bound.size() == 1 ? f.loss_bound[0] : f.loss_bound[a];
    if (fit.group_loss[a] <= bound + fit.violation_tolerance) continue;
    throw host::common::DataError(
        set.options.data, 0, 0,
        "the group-loss bounds were not met after " + std::to_string(fit.iterations) +
            " iterations (stopped by " + fit.stopped_by + ", gap " +
            host::common::FormatText("%.3e", fit.gap) + "): group losses " + losses +
            "; relax --bgl-bound, or allow more "
            "iterations or members");
  }
  char line[400];
  std::snprintf(line, sizeof(line),
                "train: fair regression (bgl, %s loss, B %.4g, nu %.3g): stopped by %s after %d "
                "iterations; gap %.3e; members %s; training loss %.6f; group losses %s",
                f.loss.c_str(), fit.multiplier_bound, options.tolerance, fit.stopped_by.c_str(),
                fit.iterations, fit.gap, MemberWeights(fit.mixture).c_str(), fit.loss,
                losses.c_str());
  Note(line + host::common::FormatText(" (%.3g s per oracle call)", Mean(fit.oracle_seconds)));
  ReportConvergence("fair regression (bgl)", fit.convergence, set.options.strict);
  FillMixture(set, fit.mixture, f, false, model);
  return line + ("; " + fit.convergence.Summary());
}

// The reference rate of a regression model is each group's mean output
// under Q on the training data, as the runtime computes it; the training
// metrics are measured the same way.
void SetReferenceMeans(const TrainingSet& set, const Eigen::VectorXd& y, tinyfair::Model& model) {
  const int groups = static_cast<int>(model.dimensions().group_count());
  model.clear_reference_positive_rate();
  for (int g = 0; g < groups; ++g) model.add_reference_positive_rate(0.0f);
  const auto runtime_model = host::simulate::LoadIntoRuntime(model);
  const host::model::MemberOutputs members =
      host::model::RegressionMemberOutputs(*runtime_model, set.encoder);
  Eigen::VectorXd labels(static_cast<Eigen::Index>(members.rows.size()));
  for (size_t i = 0; i < members.rows.size(); ++i) {
    labels[static_cast<Eigen::Index>(i)] = y[static_cast<Eigen::Index>(members.rows[i])];
  }
  const host::metrics::RegressionReport report = host::metrics::EvaluateRegression(
      members.outputs, members.probability, labels, members.group, GroupNames(model));
  std::vector<double> means;
  for (int g = 0; g < groups; ++g) {
    const double mean = report.groups[static_cast<size_t>(g)].mean_prediction;
    means.push_back(std::isnan(mean) ? 0.0 : mean);
  }
  host::model::FinishModel({"", means, ""}, model);
  char line[200];
  std::snprintf(line, sizeof(line),
                "train: on the training rows, decided by the runtime: RMSE under Q %.6f, "
                "KS disparity %.4f",
                report.rmse, report.disparity);
  Note(line);
}

}  // namespace

TrainMethod FairRegressionTrainMethod() {
  auto f = std::make_shared<FairRegressionOptions>();
  TrainMethod method;
  method.name = "fair-regression";
  method.help = "fair regression by reductions: a mixture of linear regressors, label in [0, 1]";
  method.constraints = {metrics::FairnessConstraint::kStatisticalParity,
                        metrics::FairnessConstraint::kBoundedGroupLoss};
  method.numeric_label = true;
  method.add_options = [f](OptionBinder& options) {
    options.Text("regression-loss", &f->loss, "fair-regression: squared | logistic",
                 OptionCheck::Choices({"squared", "logistic"}));
    options.Text("regression-oracle", &f->oracle,
                 "fair-regression sp best response: ls (least squares) | lr (logistic) | "
                 "cs (cost-sensitive on the n x N augmented rows, small data)",
                 OptionCheck::Choices({"ls", "lr", "cs"}));
    options.Integer("grid-size", &f->grid_size, "fair-regression sp: grid size N",
                    OptionCheck::Range(1, 1000));
    options.Numbers("sp-slack", &f->slack,
                    "fair-regression sp: slack eps per group (one value: all groups)",
                    OptionCheck::Range(0.0, 1.0));
    options.Numbers("bgl-bound", &f->loss_bound,
                    "fair-regression bgl: bound zeta on each group's mean loss (one: all)",
                    OptionCheck::Range(0.0, 1.0));
    options.Number("dual-bound", &f->dual_bound,
                   "fair-regression: B, bound on the multipliers (0: 1 / smallest slack)",
                   OptionCheck::Range(0.0, 1e6));
    options.Number("gap-tolerance", &f->gap_tolerance, "fair-regression: nu",
                   OptionCheck::Range(1e-9, 1.0));
    options.Flag("theory-step", &f->theory_step,
                 "fair-regression: step nu/(8B) (sp) or nu/(2B) (bgl) instead of 2/B, shrinking");
    options.Number("eg-step", &f->initial_step,
                   "fair-regression: sp: eta0 of the step eta0 / B (0: 2); bgl: the first step's "
                   "move on the worst group (0: 1)",
                   OptionCheck::Range(0.0, 1e6));
    options.Integer("max-members", &f->max_members,
                    "fair-regression: most mixture members (0: what the device holds)",
                    OptionCheck::Range(0, 1000));
    options.Flag("no-lp-step", &f->average_only,
                 "fair-regression sp: return Algorithm 1's average over the iterates, not "
                 "the LP re-weighting of every hypothesis found");
    options.Text("grid-value", &f->grid_value,
                 "fair-regression sp output: floor (j/N) | midpoint (of the cell)",
                 OptionCheck::Choices({"floor", "midpoint"}));
    options.Text("regression-predictor", &f->predictor,
                 "fair-regression export: mixture (the fair randomized predictor) | "
                 "member-mean-not-fair (one regressor averaging the members: NOT fair)",
                 OptionCheck::Choices({"mixture", "member-mean-not-fair"}));
    options.Number("regression-l2", &f->l2, "fair-regression: ridge penalty of the oracles",
                   OptionCheck::Range(0.0, 1.0));
  };
  method.fit = [f](const TrainingSet& set, tinyfair::Model& model) {
    const TrainOptions& o = set.options;
    FairRegressionOptions options = *f;
    if (o.iterations > 0) options.max_iterations = o.iterations;
    const Eigen::VectorXd y =
        host::data::ReadUnitIntervalLabels(set.table, o.label.label, o.label.positive);
    const Eigen::VectorXi groups_of_rows = set.groups.RowsAsVector();
    const std::vector<int> group(groups_of_rows.data(),
                                 groups_of_rows.data() + groups_of_rows.size());
    const int groups = static_cast<int>(model.dimensions().group_count());
    const int capacity = static_cast<int>(host::model::DeviceMixtureCapacity(model).members);
    if (options.max_members == 0) options.max_members = capacity;
    if (options.oracle == "lr" && options.loss != "logistic") {
      throw std::invalid_argument(
          "--regression-oracle lr reduces to the logistic loss; use it "
          "with --regression-loss logistic");
    }
    Note("train: fair regression (" + o.constraint + ") on " + std::to_string(y.size()) +
         " rows x " + std::to_string(set.design.cols()) + " features, " + std::to_string(groups) +
         " groups; at most " + std::to_string(options.max_members) + " members (the device holds " +
         std::to_string(capacity) + ")");
    const std::string line = ChosenConstraint(o) == metrics::FairnessConstraint::kBoundedGroupLoss
                                 ? FitGroupLoss(set, options, y, group, groups, model)
                                 : FitParity(set, options, y, group, groups, model);
    SetReferenceMeans(set, y, model);
    return line + "; data " + host::model::DataFileProvenance(o.data) + ", label " + o.label.label +
           (options.predictor == "mixture" ? "" : "; exported as the member mean (NOT fair)");
  };
  return method;
}

}  // namespace tinyfair::host::fit
