#include "host_tools/learn/adam.h"

#include <cmath>

namespace tinyfair::host::learn {
namespace {
constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
}  // namespace

Adam::Adam(Eigen::Index size, double learning_rate)
    : rate_(learning_rate), m_(Eigen::VectorXd::Zero(size)), v_(Eigen::VectorXd::Zero(size)) {}

void Adam::Step(const Eigen::VectorXd& gradient, Eigen::VectorXd& x) {
  beta1_power_ *= kBeta1;
  beta2_power_ *= kBeta2;
  m_ = kBeta1 * m_ + (1.0 - kBeta1) * gradient;
  v_ = kBeta2 * v_ + (1.0 - kBeta2) * gradient.cwiseAbs2();
  // TF1's form: the bias correction folded into the step size, epsilon
  // added to the uncorrected root.
  const double step = rate_ * std::sqrt(1.0 - beta2_power_) / (1.0 - beta1_power_);
  x.array() -= step * m_.array() / (v_.array().sqrt() + kEpsilon);
}

}  // namespace tinyfair::host::learn
