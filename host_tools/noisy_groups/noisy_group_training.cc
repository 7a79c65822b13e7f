#include "host_tools/noisy_groups/noisy_group_training.h"

#include <utility>

#include "host_tools/learn/adam.h"
#include "host_tools/learn/simplex_projection.h"

namespace tinyfair::host::noisy_groups {

Eigen::VectorXd LinearScorerFit::Scores(
    const Eigen::SparseMatrix<double, Eigen::RowMajor>& x) const {
  return (x * weights).array() + bias;
}

size_t BestCandidate(const std::vector<Candidate>& candidates) {
  size_t best = 0;
  auto better = [](const Candidate& a, const Candidate& b) {
    const bool a_ok = a.violation <= 0.0, b_ok = b.violation <= 0.0;
    if (a_ok != b_ok) return a_ok;
    if (!a_ok && a.violation != b.violation) return a.violation < b.violation;
    return a.error < b.error;
  };
  for (size_t i = 1; i < candidates.size(); ++i) {
    if (better(candidates[i], candidates[best])) best = i;
  }
  return best;
}

double HingeLoss(const Eigen::VectorXd& scores, const Eigen::VectorXd& labels,
                 Eigen::VectorXd& score_gradient) {
  const Eigen::Index n = scores.size();
  double loss = 0.0;
  score_gradient.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double sign = labels[i] > 0.5 ? 1.0 : -1.0;
    const double margin = 1.0 - sign * scores[i];
    loss += margin > 0.0 ? margin : 0.0;
    score_gradient[i] = margin > 0.0 ? -sign / static_cast<double>(n) : 0.0;
  }
  return loss / static_cast<double>(n);
}

NoisyGroupFit RunDescentAscent(
    const NoisyGroupData& data, const NoisyGroupOptions& options, int constraint_count,
    const std::function<SurrogateConstraints(const Eigen::VectorXd& scores)>& surrogates,
    const AdversaryStep& before, const AdversaryStep& after, const OwnViolations& own,
    const std::function<void(Candidate&)>& annotate) {
  const Eigen::Index d = data.features.cols();
  // theta = (w, b): the bias is the last coordinate.
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(d + 1);
  Eigen::VectorXd lambda = Eigen::VectorXd::Zero(constraint_count);
  learn::Adam theta_adam(d + 1, options.theta_rate),
      lambda_adam(constraint_count, options.lambda_rate);
  auto scorer = [&] {
    LinearScorerFit fit;
    fit.weights = theta.head(d);
    fit.bias = theta[d];
    return fit;
  };
  auto as_vector = [](const Eigen::VectorXd& v) {
    return std::vector<double>(v.data(), v.data() + v.size());
  };
  std::vector<Candidate> candidates;
  Eigen::VectorXd scores = scorer().Scores(data.features), score_gradient;
  for (int t = 1; t <= options.iterations; ++t) {
    if (before) before(scores, as_vector(lambda));
    HingeLoss(scores, data.labels, score_gradient);
    if (constraint_count > 0) {
      const SurrogateConstraints s = surrogates(scores);
      for (int c = 0; c < constraint_count; ++c) {
        if (lambda[c] != 0.0)
          score_gradient += lambda[c] * s.score_gradient[static_cast<size_t>(c)];
      }
    }
    Eigen::VectorXd gradient(d + 1);
    gradient.head(d) = data.features.transpose() * score_gradient;
    gradient[d] = score_gradient.sum();
    theta_adam.Step(gradient, theta);
    scores = scorer().Scores(data.features);
    if (constraint_count > 0) {
      const SurrogateConstraints s = surrogates(scores);
      const Eigen::VectorXd ascent =
          -Eigen::Map<const Eigen::VectorXd>(s.value.data(), constraint_count);
      lambda_adam.Step(ascent, lambda);
      lambda = learn::ProjectOntoCappedSimplex(lambda, options.lambda_radius);
      if (after) after(scores, as_vector(lambda));
    }
    if (t % options.record_every == 0 || t == options.iterations) {
      Candidate candidate;
      candidate.scorer = scorer();
      candidate.iteration = t;
      candidate.error =
          ErrorRate(CountCells(scores, data.labels, data.groups, data.group_count).overall);
      candidate.violation = own ? MaxOf(own(scores, data)) : 0.0;
      if (annotate) annotate(candidate);
      candidates.push_back(candidate);
    }
    if (options.progress) options.progress(t);
  }
  const Candidate& best = candidates[BestCandidate(candidates)];
  NoisyGroupFit fit;
  fit.scorer = best.scorer;
  fit.feasible = best.violation <= 0.0;
  fit.iteration = best.iteration;
  fit.train_error = best.error;
  fit.train_violation = best.violation;
  fit.candidates = std::move(candidates);
  fit.lambda = as_vector(lambda);
  return fit;
}

std::vector<double> NoisyGroupViolations(const Eigen::VectorXd& scores, const NoisyGroupData& data,
                                         metrics::FairnessConstraint constraint, double alpha) {
  return RateViolations(CountCells(scores, data.labels, data.groups, data.group_count), constraint,
                        alpha);
}

NoisyGroupFit TrainUnconstrained(const NoisyGroupData& data, const NoisyGroupOptions& options) {
  return RunDescentAscent(data, options, 0, nullptr, nullptr, nullptr, nullptr);
}

NoisyGroupFit TrainNaive(const NoisyGroupData& data, const NoisyGroupOptions& options) {
  std::vector<Eigen::VectorXd> indicators(static_cast<size_t>(data.group_count),
                                          Eigen::VectorXd::Zero(data.labels.size()));
  for (size_t i = 0; i < data.groups.size(); ++i) {
    indicators[static_cast<size_t>(data.groups[i])][static_cast<Eigen::Index>(i)] = 1.0;
  }
  const metrics::FairnessConstraint constraint = options.constraint;
  return RunDescentAscent(
      data, options, ConstraintCount(constraint, data.group_count),
      [&](const Eigen::VectorXd& scores) {
        return WeightedRateSurrogates(scores, data.labels, indicators, constraint,
                                      options.hinge_slack);
      },
      nullptr, nullptr,
      [&](const Eigen::VectorXd& scores, const NoisyGroupData& set) {
        return NoisyGroupViolations(scores, set, constraint, options.alpha);
      });
}

}  // namespace tinyfair::host::noisy_groups
