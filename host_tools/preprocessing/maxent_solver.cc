#include "host_tools/preprocessing/maxent_solver.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tinyfair::host::preprocessing {
namespace {

double MaxAbs(const Eigen::VectorXd& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; }

// The coordinates Newton moves: all but the first of each one-hot block,
// whose direction (the block's all-ones vector) leaves h unchanged.
std::vector<Eigen::Index> FreeCoordinates(const Domain& domain) {
  std::vector<Eigen::Index> free;
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const std::size_t first = domain.blocks()[b].kind == BlockKind::kOneHot ? 1 : 0;
    for (std::size_t c = first; c < domain.blocks()[b].width(); ++c) {
      free.push_back(static_cast<Eigen::Index>(domain.offset(b) + c));
    }
  }
  return free;
}

void Finish(const DualOracle& oracle, const DualSolverOptions& options, Eigen::VectorXd lambda,
            DualSolution& solution) {
  solution.lambda = FixGauge(oracle.domain(), std::move(lambda));
  solution.point = oracle.Evaluate(solution.lambda, true);
  solution.feasibility = MaxAbs(solution.point.gradient);
  const double largest = MaxAbs(solution.lambda);
  if (largest > options.lambda_guard) {
    char text[160];
    std::snprintf(text, sizeof(text),
                  "|lambda|_inf = %.3g > %.3g: theta is near the boundary of conv(Omega)", largest,
                  options.lambda_guard);
    solution.warnings.push_back(text);
  }
}

// Both methods evaluate, report, then stop on the gradient or the limit.
bool ShouldStop(const DualSolverOptions& options, int iteration, int limit, const DualPoint& point,
                DualSolution& solution) {
  const double norm = MaxAbs(point.gradient);
  solution.iterations = iteration;
  if (options.progress) options.progress(iteration, point.h, norm);
  if (norm <= options.gradient_tolerance) {
    solution.status = DualStatus::kConverged;
    return true;
  }
  solution.status = DualStatus::kIterationLimit;
  return iteration >= limit;
}

// Gauge-fixed damped Newton with Armijo backtracking (spec section 3.6.3).
DualSolution DampedNewton(const DualOracle& oracle, const DualSolverOptions& options) {
  const auto free = FreeCoordinates(oracle.domain());
  const auto n = static_cast<Eigen::Index>(free.size());
  Eigen::VectorXd lambda = Eigen::VectorXd::Zero(oracle.theta().size());
  DualSolution solution;
  double previous_h = 0.0;
  int flat_steps = 0;
  for (int iteration = 0;; ++iteration) {
    const DualPoint point = oracle.Evaluate(lambda, true);
    if (ShouldStop(options, iteration, options.max_iterations, point, solution)) break;
    const double norm = MaxAbs(point.gradient);
    if (iteration > 0 &&
        std::abs(previous_h - point.h) <= 1e-15 * std::max(1.0, std::abs(point.h))) {
      if (++flat_steps >= 3) {
        solution.status = DualStatus::kStalled;
        break;
      }
    } else {
      flat_steps = 0;
    }
    previous_h = point.h;
    Eigen::VectorXd g(n);
    Eigen::MatrixXd hessian(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
      g[i] = point.gradient[free[static_cast<std::size_t>(i)]];
      for (Eigen::Index j = 0; j < n; ++j) {
        hessian(i, j) =
            point.hessian(free[static_cast<std::size_t>(i)], free[static_cast<std::size_t>(j)]);
      }
    }
    // Newton direction; damped by mu when H is singular (C = 0) or the
    // factorisation does not give a descent direction.
    Eigen::VectorXd step;
    const double scale =
        std::max(hessian.trace() / static_cast<double>(std::max<Eigen::Index>(n, 1)), 1e-300);
    for (double mu = 0.0;; mu = std::max(2.0 * mu, 1e-10 * scale)) {
      const Eigen::LDLT<Eigen::MatrixXd> ldlt(hessian + mu * Eigen::MatrixXd::Identity(n, n));
      if (ldlt.info() == Eigen::Success && ldlt.isPositive()) {
        step = ldlt.solve(-g);
        if (step.allFinite() && g.dot(step) < 0.0) break;
      }
      if (mu > 1e10 * scale) {
        step = -g;
        break;
      }
    }
    const double largest = MaxAbs(step);
    if (largest > 5.0) step *= 5.0 / largest;
    const double slope = g.dot(step);
    bool accepted = false;
    for (double t = 1.0; t > 1e-18; t *= 0.5) {
      Eigen::VectorXd trial = lambda;
      for (Eigen::Index i = 0; i < n; ++i) trial[free[static_cast<std::size_t>(i)]] += t * step[i];
      const DualPoint next = oracle.Evaluate(trial, false);
      const bool armijo = next.h <= point.h + 1e-4 * t * slope;
      // Near the optimum h changes below its rounding error; then accept a
      // step that does not raise h and shrinks the gradient.
      const bool flat = std::abs(next.h - point.h) <= 1e-14 * std::max(1.0, std::abs(point.h)) &&
                        MaxAbs(next.gradient) < norm;
      if (std::isfinite(next.h) && (armijo || flat)) {
        lambda = trial;
        accepted = true;
        break;
      }
    }
    if (!accepted) {
      solution.status = DualStatus::kStalled;
      break;
    }
  }
  Finish(oracle, options, lambda, solution);
  return solution;
}

// The paper's box-constrained Newton method with the reference constants:
// robustness s = 4 (step box 1/s), radius R = 700, epsilon = 1e-8 and a
// ridge a |lambda|^2 with a = epsilon / (d R^2).
DualSolution BoxNewtonPaper(const DualOracle& oracle, const DualSolverOptions& options) {
  constexpr double kE = 2.718281828459045;
  constexpr double kRobustness = 4.0, kRadius = 700.0, kEpsilon = 1e-8;
  const auto d = oracle.theta().size();
  const double ridge = kEpsilon / (static_cast<double>(d) * kRadius * kRadius);
  const double inner_epsilon = kEpsilon / (8.0 * kE * kE * kRobustness * kRadius);
  Eigen::VectorXd lambda = Eigen::VectorXd::Zero(d);
  DualSolution solution;
  for (int iteration = 0;; ++iteration) {
    const DualPoint point = oracle.Evaluate(lambda, true);
    if (ShouldStop(options, iteration, options.max_box_newton_iterations, point, solution)) break;
    const Eigen::VectorXd g = point.gradient + 2.0 * ridge * lambda;
    const Eigen::MatrixXd model =
        (point.hessian + 2.0 * ridge * Eigen::MatrixXd::Identity(d, d)) / kE;
    const Eigen::VectorXd upper = (kRadius - lambda.array()).min(1.0 / kRobustness).matrix();
    const Eigen::VectorXd lower = (-kRadius - lambda.array()).max(-1.0 / kRobustness).matrix();
    // min 1/2 y'My + g'y over lower <= y <= upper: projected gradient
    // descent from the clipped unconstrained minimiser, step 1/L.
    Eigen::VectorXd y = -(model.completeOrthogonalDecomposition().pseudoInverse() * g);
    y = y.cwiseMax(lower).cwiseMin(upper);
    const double lipschitz = model.cwiseAbs().rowwise().sum().maxCoeff();
    const double bound = upper.cwiseAbs().cwiseMax(lower.cwiseAbs()).maxCoeff();
    const double threshold = inner_epsilon / (g.cwiseAbs().sum() + model.cwiseAbs().sum() * bound);
    for (int inner = 0; inner < 10240 && lipschitz > 0.0; ++inner) {
      const Eigen::VectorXd next =
          (y - (model * y + g) / lipschitz).cwiseMax(lower).cwiseMin(upper);
      const double change = MaxAbs(next - y);
      y = next;
      if (change <= threshold) break;
    }
    lambda += y / (kE * kE);
  }
  Finish(oracle, options, lambda, solution);
  return solution;
}

}  // namespace

const char* DualStatusName(DualStatus status) {
  switch (status) {
    case DualStatus::kConverged:
      return "converged";
    case DualStatus::kIterationLimit:
      return "iteration_limit";
    case DualStatus::kStalled:
      return "stalled";
  }
  return "unknown";
}

std::vector<std::string> BoundaryProblems(const Domain& domain, const Eigen::VectorXd& theta) {
  std::vector<std::string> problems;
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    const auto& block = domain.blocks()[b];
    const auto offset = static_cast<Eigen::Index>(domain.offset(b));
    switch (block.kind) {
      case BlockKind::kBinary:
        if (!(theta[offset] > 0.0 && theta[offset] < 1.0)) {
          problems.push_back("'" + block.name + "' takes only one of its two values");
        }
        break;
      case BlockKind::kOneHot: {
        for (std::size_t j = 0; j < block.width(); ++j) {
          if (!(theta[offset + static_cast<Eigen::Index>(j)] > 0.0)) {
            problems.push_back("'" + block.name + "' never takes the value '" + block.labels[j] +
                               "'");
          }
        }
        const double sum = theta.segment(offset, static_cast<Eigen::Index>(block.width())).sum();
        if (std::abs(sum - 1.0) > 1e-12) {
          problems.push_back("'" + block.name + "': theta does not sum to 1 over the block");
        }
        break;
      }
      case BlockKind::kOrdinal:
        if (!(theta[offset] > block.encodings.minCoeff() &&
              theta[offset] < block.encodings.maxCoeff())) {
          problems.push_back("'" + block.name +
                             "': theta is not strictly between its extreme values");
        }
        break;
    }
  }
  return problems;
}

Eigen::VectorXd FixGauge(const Domain& domain, Eigen::VectorXd lambda) {
  for (std::size_t b = 0; b < domain.block_count(); ++b) {
    if (domain.blocks()[b].kind != BlockKind::kOneHot) continue;
    auto segment = lambda.segment(static_cast<Eigen::Index>(domain.offset(b)),
                                  static_cast<Eigen::Index>(domain.blocks()[b].width()));
    segment.array() -= segment[0];
  }
  return lambda;
}

DualSolution SolveDual(const DualOracle& oracle, const DualSolverOptions& options) {
  const auto problems = BoundaryProblems(oracle.domain(), oracle.theta());
  if (!problems.empty()) {
    std::string text =
        "the target marginals are on the boundary of the domain's hull, so the "
        "dual has no finite minimiser:";
    for (const auto& problem : problems) text += " " + problem + ";";
    throw std::invalid_argument(text + " drop or merge such values");
  }
  return options.method == DualMethod::kNewton ? DampedNewton(oracle, options)
                                               : BoxNewtonPaper(oracle, options);
}

}  // namespace tinyfair::host::preprocessing
