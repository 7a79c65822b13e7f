// train --method logistic: L2-regularised logistic regression (Newton) with
// the unconstrained rule, positive iff p >= 0.5 in every group; with
// --reweigh, trained on the reweighed sample (Kamiran-Calders) in which the
// groups and the label are independent.
#include "host_tools/fit/train_logistic.h"

#include <cstdio>
#include <memory>

#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/learn/logistic_regression.h"
#include "host_tools/model/provenance.h"
#include "host_tools/preprocessing/reweighing.h"

namespace tinyfair::host::fit {

host::learn::LogisticOptions LogisticOptionsOf(const TrainOptions& o) {
  host::learn::LogisticOptions options;
  options.l2 = o.l2;
  if (o.iterations > 0) options.max_iterations = o.iterations;
  return options;
}

void NoteLogisticStart(size_t rows, size_t features, double l2, bool reweigh) {
  Note("train: logistic regression on " + std::to_string(rows) + " rows x " +
       std::to_string(features) + " features, l2 = " + std::to_string(l2) +
       (reweigh ? ", reweighed (Kamiran-Calders)" : ""));
}

host::learn::LogisticProgress LogisticProgressOnTerminal() {
  const bool tty = ProgressToTerminal();
  return [tty](int iteration, double objective, double norm) {
    if (tty) {
      std::fprintf(stderr, "  iteration %2d  objective %.8f  gradient %.3e\n", iteration, objective,
                   norm);
    }
  };
}

std::string FinishLogisticFit(const TrainOptions& o, bool reweigh,
                              const host::learn::LogisticOptions& options,
                              const host::learn::LogisticFit& fit,
                              const host::data::InputEncoder& encoder, const std::vector<bool>& use,
                              tinyfair::Model& model) {
  char line[200];
  std::snprintf(line, sizeof(line),
                "train: Newton %s after %d iterations, objective %.8f, gradient norm %.3e",
                fit.converged ? "converged" : "did NOT converge", fit.iterations, fit.objective,
                fit.gradient_norm);
  Note(line);
  FitStop stop;
  stop.stopped_by = fit.converged                              ? "gradient norm <= tolerance"
                    : fit.iterations >= options.max_iterations ? "iteration limit"
                                                               : "no step lowering the objective";
  stop.iterations = fit.iterations;
  stop.converged = fit.converged;
  stop.measure = "gradient norm";
  stop.value = fit.gradient_norm;
  stop.bound_name = "tolerance";
  stop.bound = options.gradient_tolerance;
  ReportFitStop("train", "logistic regression (Newton)", stop, o.strict);
  encoder.FillScorer(fit.coefficients, fit.intercept, use, model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);
  auto* rule = model.mutable_threshold();
  for (size_t g = 0; g < model.dimensions().group_count(); ++g) rule->add_threshold(0.5f);
  return std::string("train: logistic regression") + (reweigh ? " (reweighed)" : "") + ", data " +
         host::model::DataFileProvenance(o.data) + ", label " + o.label.label + ", l2 " +
         std::to_string(o.l2) + ", iterations " + std::to_string(fit.iterations);
}

// The rows' weights in the fit: their own (empty: 1 each), times, with
// --reweigh, Kamiran and Calders' weight of their (group, label) cell, the
// cells' frequencies taken over the weighted rows.
Eigen::VectorXd FitWeights(const TrainingSet& set, bool reweigh) {
  if (!reweigh) return set.row_weights;
  if (set.row_weights.size() == 0) {
    return host::preprocessing::KamiranCaldersWeights(set.groups.RowsAsVector(), set.labels);
  }
  // Row r's cell: label 0 then label 1 of each group, as the cell weights.
  const auto cell_of = [&set](Eigen::Index r) {
    return 2 * size_t{set.groups.rows()[static_cast<size_t>(r)]} + (set.labels[r] > 0.5 ? 1 : 0);
  };
  std::vector<double> cell_weight(2 * set.groups.group_count(), 0.0);
  for (Eigen::Index r = 0; r < set.labels.size(); ++r)
    cell_weight[cell_of(r)] += set.row_weights[r];
  const std::vector<double> cell = host::preprocessing::KamiranCaldersCellWeights(cell_weight);
  Eigen::VectorXd weights(set.labels.size());
  for (Eigen::Index r = 0; r < set.labels.size(); ++r)
    weights[r] = set.row_weights[r] * cell[cell_of(r)];
  return weights;
}

TrainMethod LogisticTrainMethod() {
  auto reweigh = std::make_shared<bool>(false);
  TrainMethod method;
  method.name = "logistic";
  method.help = "logistic regression, positive iff p >= 0.5";
  method.takes_row_weights = true;
  method.add_options = [reweigh](OptionBinder& options) {
    options.Flag("reweigh", reweigh.get(),
                 "logistic: weight each (group, label) cell by P(group) P(label) / "
                 "P(group, label) (Kamiran-Calders reweighing)");
  };
  method.fit = [reweigh](const TrainingSet& set, tinyfair::Model& model) {
    const host::learn::LogisticOptions options = LogisticOptionsOf(set.options);
    NoteLogisticStart(static_cast<size_t>(set.design.rows()),
                      static_cast<size_t>(set.design.cols()), set.options.l2, *reweigh);
    const Eigen::VectorXd weights = FitWeights(set, *reweigh);
    const host::learn::LogisticFit fit = host::learn::FitLogisticRegression(
        set.design, set.labels, weights, options, LogisticProgressOnTerminal());
    return FinishLogisticFit(set.options, *reweigh, options, fit, set.encoder, set.use, model);
  };
  return method;
}

}  // namespace tinyfair::host::fit
