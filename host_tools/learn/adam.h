// Adam (Kingma & Ba 2015) with the TensorFlow 1 defaults, the optimizer of
// every gradient step of the noisy-group trainers. A projection, when the
// variable has a feasible set, is applied to the variable after the step;
// the moment buffers are not projected.
#pragma once

#include <Eigen/Core>

namespace tinyfair::host::learn {

class Adam {
 public:
  Adam(Eigen::Index size, double learning_rate);

  /// One descent step along `gradient` (pass -gradient to ascend).
  void Step(const Eigen::VectorXd& gradient, Eigen::VectorXd& x);

 private:
  double rate_;
  double beta1_power_ = 1.0, beta2_power_ = 1.0;
  Eigen::VectorXd m_, v_;
};

}  // namespace tinyfair::host::learn
