#include "host_tools/postprocessing/postprocessor_registry.h"

#include <algorithm>
#include <stdexcept>

namespace tinyfair::host::postprocessing {
namespace {

// The ramp per model group; a merged or pooled group takes the rule of the
// rows it was fitted with, all at the one common target.
PostprocessorFit FitRto(const data::ScoredSample& sample, const FittingGroups& plan,
                        const PostprocessorOptions& options) {
  const std::vector<double>& by_group = options.rto.rho_by_group;
  if (!plan.identity() && !by_group.empty() &&
      std::any_of(by_group.begin(), by_group.end(),
                  [&](double rho) { return rho != by_group.front(); })) {
    throw std::invalid_argument("rto: one target per group needs every group fitted on its own");
  }
  PostprocessorFit fit;
  const std::vector<double> thresholds =
      FitPerModelGroup<double>(sample, plan, [&](const data::ScoredSample& part, size_t count) {
        RtoOptions rto = options.rto;
        if (!by_group.empty()) rto.rho_by_group.assign(count, by_group.front());
        if (plan.identity()) rto.rho_by_group = by_group;
        return FitRandomizedThresholdOptimizer(part.scores, part.groups, count, rto).thresholds;
      });
  fit.rule = model::RampRuleFit{thresholds, options.rto.gamma};
  return fit;
}

PostprocessorFit FitHardt(const data::ScoredSample& sample, const FittingGroups& plan,
                          metrics::FairnessConstraint constraint) {
  HardtOptions options;
  options.constraint = constraint;
  struct GroupFit {
    HardtGroupRule rule;
    double selection, tpr, fpr;
  };
  const std::vector<GroupFit> groups =
      FitPerModelGroup<GroupFit>(sample, plan, [&](const data::ScoredSample& part, size_t count) {
        const HardtFit f =
            FitHardtPostprocessing(part.scores, part.labels, part.groups, count, options);
        std::vector<GroupFit> per_group;
        for (size_t g = 0; g < count; ++g) {
          per_group.push_back({f.rules[g], f.selection_rates[g], f.true_positive_rates[g],
                               f.false_positive_rates[g]});
        }
        return per_group;
      });
  PostprocessorFit fit;
  model::TwoThresholdRuleFit rule;
  for (const GroupFit& g : groups) {
    const HardtGroupRule& r = g.rule;
    rule.groups.push_back({r.t0, r.p0, r.t1, r.p1, r.ignore, r.constant});
    fit.selection_rates.push_back(g.selection);
    fit.true_positive_rates.push_back(g.tpr);
    fit.false_positive_rates.push_back(g.fpr);
  }
  double correct = 0.0;  // expected, on the fitting sample
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    const double h = HardtProbability(groups[sample.groups[i]].rule, sample.scores[i]);
    correct += sample.labels[i] == 1 ? h : 1.0 - h;
  }
  fit.accuracy = correct / static_cast<double>(sample.scores.size());
  fit.rule = rule;
  return fit;
}

PostprocessorFit FitHardtDp(const data::ScoredSample& sample, const FittingGroups& plan,
                            const PostprocessorOptions&) {
  return FitHardt(sample, plan, metrics::FairnessConstraint::kDemographicParity);
}

PostprocessorFit FitHardtEo(const data::ScoredSample& sample, const FittingGroups& plan,
                            const PostprocessorOptions&) {
  return FitHardt(sample, plan, metrics::FairnessConstraint::kEqualizedOdds);
}

// Thresholds on p = (f + 1) / 2 back on f.
std::vector<double> OnScores(std::vector<double> thresholds) {
  for (double& t : thresholds) t = data::ProbabilityThresholdOnScore(t);
  return thresholds;
}

PostprocessorFit FitShift(const data::ScoredSample& sample, const FittingGroups& plan,
                          const PostprocessorOptions& options) {
  PostprocessorFit fit;
  data::ScoredSample on_probabilities = sample;
  on_probabilities.scores = data::AsProbabilities(sample.scores);
  const std::vector<double> thresholds = FitPerModelGroup<double>(
      on_probabilities, plan, [&](const data::ScoredSample& part, size_t count) {
        fit.shift.push_back(
            FitShiftInference(part.scores, part.labels, part.groups, count, options.shift));
        return fit.shift.back().thresholds;
      });
  fit.rule = model::ThresholdRuleFit{OnScores(thresholds)};
  return fit;
}

PostprocessorFit FitRoc(const data::ScoredSample& sample, const FittingGroups& plan,
                        const PostprocessorOptions& options) {
  if (!plan.identity()) {
    throw std::invalid_argument(
        "roc favours one group of a binary attribute: it takes no merged or pooled group");
  }
  PostprocessorFit fit;
  RocOptions roc = options.roc;
  roc.unprivileged_group =
      options.unprivileged ? *options.unprivileged : DefaultUnprivilegedGroup(sample);
  fit.unprivileged_group = roc.unprivileged_group;
  fit.roc = FitRejectOptionClassification(data::AsProbabilities(sample.scores), sample.labels,
                                          sample.groups, plan.of_group.size(), roc);
  fit.rule = model::ThresholdRuleFit{OnScores(fit.roc.thresholds)};
  return fit;
}

}  // namespace

const std::vector<Postprocessor>& Postprocessors() {
  static const std::vector<Postprocessor> postprocessors = {
      {"rto", "RTO", "randomized threshold optimizer", false, false, std::nullopt, FitRto},
      {"hardt-dp", "Hardt DP", "Hardt et al., demographic parity", true, false,
       metrics::FairnessConstraint::kDemographicParity, FitHardtDp},
      {"hardt-eo", "Hardt EO", "Hardt et al., equalized odds", true, false,
       metrics::FairnessConstraint::kEqualizedOdds, FitHardtEo},
      {"shift", "shift inference", "shift inference", true, false, std::nullopt, FitShift},
      {"roc", "ROC", "reject option classification", false, true, std::nullopt, FitRoc},
  };
  return postprocessors;
}

const Postprocessor& FindPostprocessor(const std::string& name) {
  for (const Postprocessor& p : Postprocessors()) {
    if (name == p.name) return p;
  }
  throw std::invalid_argument("no post-processor called '" + name + "'");
}

const char* RtoSolverName(RtoOptions::Solver solver) {
  return solver == RtoOptions::Solver::kSgd ? "sgd" : "exact";
}

uint32_t DefaultUnprivilegedGroup(const data::ScoredSample& sample) {
  const std::vector<double> probabilities = data::AsProbabilities(sample.scores);
  double selected[2] = {0.0, 0.0}, count[2] = {0.0, 0.0};
  for (size_t i = 0; i < probabilities.size(); ++i) {
    const uint32_t g = sample.groups[i];
    if (g > 1) throw std::invalid_argument("the unprivileged group is one of two groups");
    selected[g] += probabilities[i] >= 0.5 ? 1.0 : 0.0;
    count[g] += 1.0;
  }
  if (count[0] == 0.0 || count[1] == 0.0) {
    throw std::invalid_argument("the unprivileged group needs rows of both groups");
  }
  return selected[0] / count[0] <= selected[1] / count[1] ? 0 : 1;
}

}  // namespace tinyfair::host::postprocessing
