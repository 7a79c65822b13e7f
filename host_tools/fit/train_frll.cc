// train --method frll: the fair robust log-loss classifier with its
// truncated logistic rule. The protected attribute a is the category index
// of the one binary sensitive input (= the group index), and it is also a
// feature, as in the paper.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_progress.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/frll/fair_robust_log_loss.h"
#include "host_tools/metrics/fairness_constraint.h"
#include "host_tools/model/provenance.h"

namespace tinyfair::host::fit {
namespace {

// Each label slice of the constraint compares the two groups, so each needs
// rows of both.
void RequireRowsPerSlice(metrics::FairnessConstraint constraint, const tinyfair::Input& attribute,
                         const Eigen::VectorXd& a, const Eigen::VectorXd& y) {
  using metrics::FairnessConstraint;
  size_t count[2][2] = {{0, 0}, {0, 0}};
  for (Eigen::Index i = 0; i < a.size(); ++i) ++count[a[i] == 1.0][y[i] == 1.0];
  for (int label = 1; label >= 0 && constraint != FairnessConstraint::kDemographicParity; --label) {
    if (label == 0 && constraint == FairnessConstraint::kEqualOpportunity) break;
    for (int g = 0; g < 2; ++g) {
      if (count[g][label] > 0) continue;
      throw std::invalid_argument(
          std::string("--constraint ") + metrics::FairnessConstraintName(constraint) +
          " compares the groups among the rows with a " + (label == 1 ? "positive" : "negative") +
          " label, but " + attribute.name() + "=" + attribute.categories(g) + " has none");
    }
  }
}

// The rule's record of the constraint it was fitted under.
tinyfair::TruncatedLogisticRule::Criterion CriterionOf(metrics::FairnessConstraint constraint) {
  using Rule = tinyfair::TruncatedLogisticRule;
  switch (constraint) {
    case metrics::FairnessConstraint::kEqualOpportunity:
      return Rule::EQUAL_OPPORTUNITY;
    case metrics::FairnessConstraint::kEqualizedOdds:
      return Rule::EQUALIZED_ODDS;
    default:
      return Rule::DEMOGRAPHIC_PARITY;
  }
}

void NoteFit(const host::frll::FrllFit& fit, double seconds, const tinyfair::Input& attribute) {
  char line[300];
  std::snprintf(line, sizeof(line),
                "train: L-BFGS %s after %d iterations (%d evaluations, %.3f s), objective %.8f, "
                "gradient norm %.3e, constraint residual %.3e",
                fit.converged ? "converged" : "did NOT converge", fit.iterations, fit.evaluations,
                seconds, fit.objective, fit.gradient_norm, fit.constraint_residual);
  Note(line);
  for (const auto& slice : fit.slices) {
    std::snprintf(line, sizeof(line),
                  "train: slice %s: lambda %.6g, p(a=1) %.4f, p(a=0) %.4f, residual %.3e",
                  slice.label < 0 ? "all" : (slice.label == 1 ? "y=1" : "y=0"), slice.lambda,
                  slice.p_group1, slice.p_group0, slice.residual);
    Note(line);
  }
  for (int g = 0; g < 2; ++g) {
    std::snprintf(line, sizeof(line), "train: cells c(%s, y=1) %.6g, c(%s, y=0) %.6g",
                  attribute.categories(g).c_str(), fit.cell[g][1], attribute.categories(g).c_str(),
                  fit.cell[g][0]);
    Note(line);
  }
  for (const auto& warning : fit.warnings) Note("train: warning: " + warning);
}

// The paper's protected attribute a is binary: one --sensitive column of
// two categories, whose group index (0 or 1) is a. Refused before fitting
// otherwise.
const tinyfair::Input& BinaryProtectedAttribute(const TrainingSet& set,
                                                const tinyfair::Model& model) {
  const host::data::GroupIndex& groups = set.groups;
  if (groups.attribute_count() != 1 || groups.group_count() != 2) {
    std::string columns;
    for (const auto& name : groups.attribute_names())
      columns += (columns.empty() ? "" : ", ") + name;
    const size_t count = groups.attribute_count();
    throw std::invalid_argument(
        "--method frll (fair robust log loss) is defined for a binary protected attribute: it "
        "accepts one --sensitive column of two categories; got " +
        std::to_string(count) + (count == 1 ? " column (" : " columns (") + columns + ") forming " +
        std::to_string(groups.group_count()) + " groups");
  }
  return model.inputs(static_cast<int>(model.groups().attribute_inputs(0)));
}

std::string FitFrll(const TrainingSet& set, tinyfair::Model& model) {
  const TrainOptions& o = set.options;
  const tinyfair::Input& attribute = BinaryProtectedAttribute(set, model);
  const Eigen::VectorXd a = set.groups.RowsAsVector().cast<double>();
  const metrics::FairnessConstraint constraint = ChosenConstraint(o);
  RequireRowsPerSlice(constraint, attribute, a, set.labels);

  host::frll::FrllOptions options;
  options.l2 = o.l2;
  if (o.iterations > 0) options.max_iterations = o.iterations;
  options.constraint = constraint;
  Note("train: fair robust log loss (" + o.constraint + ") on " +
       std::to_string(set.design.rows()) + " rows x " + std::to_string(set.design.cols()) +
       " features, l2 = " + std::to_string(o.l2) + "; '" + attribute.name() +
       "' is the protected attribute (a = 1: " + attribute.categories(1) +
       ") and, as in the paper, a feature (--use-sensitive implied)");
  const bool tty = ProgressToTerminal();
  const auto start = std::chrono::steady_clock::now();
  const host::frll::FrllFit fit = host::frll::FitFairRobustLogLoss(
      set.design, set.labels, a, options,
      [tty](double mu, int iteration, double objective, double norm) {
        ReportProgress(iteration, 0);  // iterations per barrier step: no fixed count
        if (tty) {
          std::fprintf(stderr, "  iteration %3d  mu %.0e  objective %.8f  gradient %.3e\n",
                       iteration, mu, objective, norm);
        }
      });
  NoteFit(fit, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          attribute);
  FitStop stop;
  stop.stopped_by = fit.stop == "gradient" ? "gradient norm <= tolerance" : fit.stop;
  stop.iterations = fit.iterations;
  stop.converged = fit.converged;
  stop.measure = "final stage's gradient norm";
  stop.value = fit.gradient_norm;
  stop.bound_name = "tolerance";
  stop.bound = options.tolerance;
  stop.detail = host::common::FormatText("constraint residual %.3e", fit.constraint_residual);
  ReportFitStop("train", "fair robust log loss (L-BFGS)", stop, o.strict);

  set.encoder.FillScorer(fit.coefficients, fit.intercept, set.use, model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);
  auto* rule = model.mutable_truncated_logistic();
  rule->set_criterion(CriterionOf(constraint));
  for (int g = 0; g < 2; ++g) {
    rule->add_cell_label1(static_cast<float>(fit.cell[g][1]));
    rule->add_cell_label0(static_cast<float>(fit.cell[g][0]));
  }
  rule->set_denominator_epsilon(1e-12f);
  char residual[64];
  std::snprintf(residual, sizeof(residual), ", constraint residual %.3e", fit.constraint_residual);
  return "train: fair robust log loss (" + o.constraint + "), data " +
         host::model::DataFileProvenance(o.data) + ", label " + o.label.label + ", l2 " +
         std::to_string(o.l2) + ", iterations " + std::to_string(fit.iterations) + residual;
}

}  // namespace

TrainMethod FrllTrainMethod() {
  TrainMethod method;
  method.name = "frll";
  method.help = "fair robust log loss (one binary --sensitive column, also a feature)";
  method.constraints = {metrics::FairnessConstraint::kDemographicParity,
                        metrics::FairnessConstraint::kEqualOpportunity,
                        metrics::FairnessConstraint::kEqualizedOdds};
  method.sensitive_is_feature = true;
  method.fit = FitFrll;
  return method;
}

}  // namespace tinyfair::host::fit
