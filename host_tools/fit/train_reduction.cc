// train --method reduction: the exponentiated-gradient reduction (Agarwal et
// al. 2018) with weighted logistic regression, exported as the mixture rule:
// each decision draws one member classifier with its probability, positive
// iff that member's logistic probability is at least 1/2. The groups of the
// constraint are the model's groups (the product of the --sensitive columns).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_progress.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/model/mixture_capacity.h"
#include "host_tools/model/mixture_writer.h"
#include "host_tools/model/provenance.h"
#include "host_tools/reductions/exponentiated_gradient_reduction.h"

namespace tinyfair::host::fit {
namespace {

struct ReductionFlags {
  double epsilon = 0.01;
  double bound = 0.0;
  int iterations = 50;
};

// The members as the device's mixture rule, each positive iff its logistic
// probability is at least 1/2. The device holds kMaxMembers members and
// their weights and category terms together; a larger mixture could be
// written but never loaded, so it is refused.
void WriteMembers(const TrainingSet& set, const host::reductions::ReductionFit& fit,
                  tinyfair::Model& model) {
  std::vector<host::model::MixtureMember> members;
  for (const auto& member : fit.members) {
    host::model::MixtureMember m;
    set.encoder.FillScorer(member.classifier.coefficients, member.classifier.intercept, set.use,
                           &m.scorer);
    m.probability = static_cast<float>(member.weight);
    m.threshold = 0.5f;
    members.push_back(std::move(m));
  }
  host::model::SetMixtureRule(members, tinyfair::MixtureRule::CLASSIFY,
                              {"--method reduction",
                               "fewer inputs or categories, or a larger --epsilon, "
                               "give fewer"},
                              model);
}

// The categorical input with the most category terms that does not form
// the groups: the one --ignore saves most on.
const tinyfair::Input* WidestIgnorableInput(const tinyfair::Model& model) {
  const auto& attributes = model.groups().attribute_inputs();
  const tinyfair::Input* widest = nullptr;
  for (int i = 0; i < model.inputs_size(); ++i) {
    const bool forms_groups = std::find(attributes.begin(), attributes.end(),
                                        static_cast<uint32_t>(i)) != attributes.end();
    const tinyfair::Input& input = model.inputs(i);
    if (forms_groups || input.kind() != tinyfair::Input::CATEGORICAL) continue;
    if (widest == nullptr || input.category_count() > widest->category_count()) widest = &input;
  }
  return widest;
}

// The reduction's mixture has at most MaxReductionMembers() members, known
// from the groups and the constraint; each member's width is known from the
// inputs. A device that cannot hold that many is refused before fitting.
void RequireCapacityBeforeFitting(const TrainingSet& set, metrics::FairnessConstraint constraint,
                                  const tinyfair::Model& model) {
  const int groups = static_cast<int>(model.dimensions().group_count());
  const size_t needed =
      static_cast<size_t>(host::reductions::MaxReductionMembers(constraint, groups));
  const host::model::MixtureCapacity capacity = host::model::DeviceMixtureCapacity(model.scorer());
  if (needed <= capacity.members) return;
  const tinyfair::Input* widest = WidestIgnorableInput(model);
  const std::string fix = widest != nullptr
                              ? "--ignore " + widest->name() + " (" +
                                    std::to_string(widest->category_count()) +
                                    " categories), or other columns, makes each member smaller"
                              : "--ignore some input columns to make each member smaller";
  throw host::common::DataError(
      set.options.data, 0, 0,
      "--method reduction --constraint " + set.options.constraint + " on " +
          std::to_string(groups) + " groups can return a mixture of up to " +
          std::to_string(needed) + " members, each with " +
          std::to_string(capacity.weights_per_member) + " weights and " +
          std::to_string(capacity.category_terms_per_member) +
          " category terms; the device holds " + std::to_string(capacity.members) +
          " such members (" + capacity.limited_by + "); " + fix);
}

std::string FitReduction(const ReductionFlags& flags, const TrainingSet& set,
                         tinyfair::Model& model) {
  const TrainOptions& o = set.options;
  host::reductions::ReductionOptions options;
  options.constraint = ChosenConstraint(o);
  options.epsilon = flags.epsilon;
  options.bound = flags.bound;
  options.max_iterations = flags.iterations;
  options.learner.l2 = o.l2;
  // The shared scorer adds nothing: each member carries its whole model.
  set.encoder.FillScorer(Eigen::VectorXd::Zero(set.design.cols()), 0.0, set.use,
                         model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);
  RequireCapacityBeforeFitting(set, options.constraint, model);
  const Eigen::VectorXi group = set.groups.RowsAsVector();
  char line[300];
  std::snprintf(line, sizeof(line),
                "train: exponentiated-gradient reduction (%s) on %ld rows x %ld features, "
                "%d groups, epsilon %g, l2 %g",
                o.constraint.c_str(), static_cast<long>(set.design.rows()),
                static_cast<long>(set.design.cols()), model.dimensions().group_count(),
                flags.epsilon, o.l2);
  Note(line);
  const bool tty = ProgressToTerminal();
  const auto start = std::chrono::steady_clock::now();
  const host::reductions::ReductionFit fit = host::reductions::FitExponentiatedGradient(
      set.design, set.labels, group, Eigen::VectorXd(), options,
      [tty, most = options.max_iterations](const host::reductions::ReductionStep& step) {
        ReportProgress(step.iteration, most);
        if (tty) {
          std::fprintf(stderr, "  iteration %3d  gap %.3e  error %.5f  violation %.5f\n",
                       step.iteration, step.gap, step.error, step.violation);
        }
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::snprintf(line, sizeof(line),
                "train: %s after %d iterations (%d learner fits, %.3f s): gap %.3e (nu %.3e), "
                "B %g, training error %.5f, violation %.3e (bound epsilon + (1 + 2 nu) / B = "
                "%.3e), %zu members (%d before reduction)",
                fit.converged ? "converged" : "stopped", fit.iterations, fit.oracle_calls, seconds,
                fit.gap, fit.nu, fit.bound, fit.error, fit.violation, fit.violation_bound,
                fit.members.size(), fit.members_before_reduction);
  Note(line);
  ReportConvergence("reduction", fit.convergence, o.strict);

  WriteMembers(set, fit, model);
  std::snprintf(line, sizeof(line),
                ", epsilon %g, B %g, iterations %d, members %zu, training violation %.3e",
                flags.epsilon, fit.bound, fit.iterations, fit.members.size(), fit.violation);
  return "train: exponentiated-gradient reduction (" + o.constraint + "), data " +
         host::model::DataFileProvenance(o.data) + ", label " + o.label.label + ", l2 " +
         std::to_string(o.l2) + line + "; " + fit.convergence.Summary();
}

}  // namespace

TrainMethod ReductionTrainMethod() {
  auto flags = std::make_shared<ReductionFlags>();
  TrainMethod method;
  method.name = "reduction";
  method.help = "exponentiated-gradient reduction with logistic regression (a mixture)";
  method.constraints = {metrics::FairnessConstraint::kDemographicParity,
                        metrics::FairnessConstraint::kEqualizedOdds};
  method.add_options = [flags](OptionBinder& options) {
    options.Number("epsilon", &flags->epsilon,
                   "reduction: allowed constraint violation epsilon (default 0.01)",
                   OptionCheck::NonNegative());
    options.Number("bound", &flags->bound,
                   "reduction: l1 bound B on the multipliers (default 1 / epsilon)",
                   OptionCheck::NonNegative());
  };
  method.fit = [flags](const TrainingSet& set, tinyfair::Model& model) {
    if (set.options.iterations > 0) flags->iterations = set.options.iterations;
    if (flags->epsilon == 0.0 && flags->bound == 0.0) {
      throw std::invalid_argument("--method reduction with --epsilon 0 needs --bound");
    }
    return FitReduction(*flags, set, model);
  };
  return method;
}

}  // namespace tinyfair::host::fit
