// One FRLL fit (demographic parity, default options) on Adult-sized
// synthetic data: n rows, 6 Gaussian and 57 sparse binary columns, a
// protected attribute that shifts the label. Built twice: with the
// project's L-BFGS and with LBFGSpp (lbfgspp_minimize.cc); both print the
// same line, so the two solvers are compared on the same problem.
//   frll_lbfgs_bench [ROWS] [REPEATS]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "host_tools/frll/fair_robust_log_loss.h"

namespace {

using tinyfair::host::frll::FitFairRobustLogLoss;
using tinyfair::host::frll::FrllFit;
using tinyfair::host::frll::FrllOptions;

struct Data {
  Eigen::MatrixXd X;
  Eigen::VectorXd y, a;
};

Data AdultSized(Eigen::Index rows) {
  constexpr Eigen::Index kGaussian = 6, kBinary = 57;
  std::mt19937_64 random(2024);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Data d{Eigen::MatrixXd::Zero(rows, kGaussian + kBinary), Eigen::VectorXd(rows),
         Eigen::VectorXd(rows)};
  Eigen::VectorXd w(kGaussian + kBinary);
  for (Eigen::Index j = 0; j < w.size(); ++j) w[j] = 0.7 * normal(random);
  for (Eigen::Index i = 0; i < rows; ++i) {
    d.a[i] = unit(random) < 0.67 ? 1.0 : 0.0;
    for (Eigen::Index j = 0; j < kGaussian; ++j) d.X(i, j) = normal(random);
    for (Eigen::Index j = kGaussian; j < d.X.cols(); ++j) {
      d.X(i, j) = unit(random) < 0.08 ? 1.0 : 0.0;
    }
    const double logit = d.X.row(i).dot(w) + 1.2 * d.a[i] - 1.5;
    d.y[i] = unit(random) < 1.0 / (1.0 + std::exp(-logit)) ? 1.0 : 0.0;
  }
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const Eigen::Index rows = argc > 1 ? std::stol(argv[1]) : 30162;
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 3;
  const Data d = AdultSized(rows);
  FrllOptions options;
  std::vector<double> seconds;
  FrllFit fit;
  for (int k = 0; k < repeats; ++k) {
    const std::clock_t start = std::clock();
    fit = FitFairRobustLogLoss(d.X, d.y, d.a, options);
    seconds.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf(
      "rows %ld: median CPU %.3f s over %d fits; objective %.12f, gradient norm %.2e "
      "(%s), iterations %d, evaluations %d, constraint residual %.2e, stop: %s\n",
      static_cast<long>(rows), seconds[seconds.size() / 2], repeats, fit.objective,
      fit.gradient_norm, fit.converged ? "converged" : "NOT converged", fit.iterations,
      fit.evaluations, fit.constraint_residual, fit.stop.c_str());
  return 0;
}
