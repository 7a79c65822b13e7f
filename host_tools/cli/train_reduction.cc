// train --method reduction: the exponentiated-gradient reduction (Agarwal et
// al. 2018) with weighted logistic regression, exported as the mixture rule:
// each decision draws one member classifier with its probability, positive
// iff that member's logistic probability is at least 1/2. The groups of the
// constraint are the model's groups (the product of the --sensitive columns).
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include "host_tools/cli/train_method.h"
#include "host_tools/reductions/exponentiated_gradient_reduction.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::cli {
namespace {

struct ReductionFlags {
  double epsilon = 0.01;
  double bound = 0.0;
  int iterations = 50;
};

// The device holds kMaxMembers members and their weights and category
// terms together; a larger mixture could be written but never loaded.
void RequireDeviceCapacity(size_t members, const tinyfair::LinearScorer& scorer) {
  const size_t weights = members * static_cast<size_t>(scorer.weights_size());
  const size_t categories = members * static_cast<size_t>(scorer.category_weights_size());
  if (members <= runtime::kMaxMembers && weights <= runtime::kMaxMemberWeights &&
      categories <= runtime::kMaxMemberCategoryWeights) {
    return;
  }
  throw std::invalid_argument(
      "--method reduction: the mixture has " + std::to_string(members) + " members with " +
      std::to_string(weights) + " weights and " + std::to_string(categories) +
      " category terms in all; the device holds at most " + std::to_string(runtime::kMaxMembers) +
      " members, " + std::to_string(runtime::kMaxMemberWeights) + " weights and " +
      std::to_string(runtime::kMaxMemberCategoryWeights) +
      " category terms (fewer inputs or categories, or a larger --epsilon, give fewer)");
}

std::string FitReduction(const ReductionFlags& flags, const TrainingSet& set,
                         tinyfair::Model& model) {
  const TrainOptions& o = set.options;
  host::ReductionOptions options;
  options.constraint = o.constraint == "eodds" ? host::ReductionConstraint::kEqualizedOdds
                                               : host::ReductionConstraint::kDemographicParity;
  options.epsilon = flags.epsilon;
  options.bound = flags.bound;
  options.max_iterations = flags.iterations;
  options.learner.l2 = o.l2;
  const Eigen::VectorXi group = TrainingGroups(set, model);
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
  const host::ReductionFit fit = host::FitExponentiatedGradient(
      set.design, set.labels, group, Eigen::VectorXd(), options,
      [tty](const host::ReductionStep& step) {
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

  // The shared scorer adds nothing: each member carries its whole model.
  set.encoder.FillScorer(Eigen::VectorXd::Zero(set.design.cols()), 0.0, set.use,
                         model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::LOGISTIC);
  RequireDeviceCapacity(fit.members.size(), model.scorer());
  auto* rule = model.mutable_mixture();
  rule->set_member_output(tinyfair::MixtureRule::CLASSIFY);
  for (const auto& member : fit.members) {
    tinyfair::LinearScorer scorer;
    set.encoder.FillScorer(member.classifier.coefficients, member.classifier.intercept, set.use,
                           &scorer);
    rule->add_probability(static_cast<float>(member.weight));
    rule->add_bias(scorer.bias());
    for (const float w : scorer.weights()) rule->add_weights(w);
    for (const float w : scorer.category_weights()) rule->add_category_weights(w);
    rule->add_threshold(0.5f);
  }
  std::snprintf(line, sizeof(line),
                ", epsilon %g, B %g, iterations %d, members %zu, training violation %.3e",
                flags.epsilon, fit.bound, fit.iterations, fit.members.size(), fit.violation);
  return "train: exponentiated-gradient reduction (" + o.constraint + "), data " + o.data +
         ", label " + o.label.label + ", l2 " + std::to_string(o.l2) + line;
}

}  // namespace

TrainMethod ReductionTrainMethod() {
  auto flags = std::make_shared<ReductionFlags>();
  TrainMethod method;
  method.name = "reduction";
  method.help = "exponentiated-gradient reduction with logistic regression (a mixture)";
  method.constraints = {"dp", "eodds"};
  method.add_options = [flags](CLI::App& train) {
    train
        .add_option("--epsilon", flags->epsilon,
                    "reduction: allowed constraint violation epsilon (default 0.01)")
        ->check(CLI::NonNegativeNumber);
    train
        .add_option("--bound", flags->bound,
                    "reduction: l1 bound B on the multipliers (default 1 / epsilon)")
        ->check(CLI::NonNegativeNumber);
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

}  // namespace tinyfair::cli
