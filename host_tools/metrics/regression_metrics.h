// Regression metrics of a randomized predictor Q (a mixture of members,
// each drawn with its probability), computed in one place: RMSE and log
// loss as expectations over Q, per-group losses, and the Kolmogorov-Smirnov
// statistical-parity disparity
//   max_{a, z} |P_Q[pred >= z | A = a] - P_Q[pred >= z]|
// with the DKW half-width sqrt(ln(2/delta) / (2 n)) of its sampling error.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

namespace tinyfair::host::metrics {

struct RegressionGroupReport {
  std::string name;
  size_t n = 0;
  double rmse = 0.0;
  /// NaN unless every label is 0 or 1.
  double log_loss = 0.0;
  double mean_prediction = 0.0;
  /// max_z |P_Q[pred >= z | A = a] - P_Q[pred >= z]|.
  double disparity = 0.0;
  double dkw_half_width = 0.0;
};

struct RegressionReport {
  size_t rows = 0;
  size_t members = 0;
  double rmse = 0.0;
  double log_loss = 0.0;
  double disparity = 0.0;
  /// DKW half-width for the whole sample (the paper's band) at delta.
  double dkw_half_width = 0.0;
  double delta = 0.05;
  std::vector<RegressionGroupReport> groups;
};

/// The rows' outputs under each member (rows x members), the members'
/// probabilities (summing to 1), labels in [0, 1], each row's group
/// (0..group_names.size()-1). Log loss treats an output u as the
/// probability sigmoid(C (2u - 1)) of the rescaled logistic model
/// (regression_loss.h), clipped to [1e-15, 1 - 1e-15].
RegressionReport EvaluateRegression(const Eigen::MatrixXd& outputs,
                                    const std::vector<double>& probability,
                                    const Eigen::VectorXd& labels, const std::vector<int>& group,
                                    const std::vector<std::string>& group_names,
                                    double delta = 0.05);

/// The KS disparity of Q per group (max over thresholds z in the support).
std::vector<double> KsDisparityByGroup(const Eigen::MatrixXd& outputs,
                                       const std::vector<double>& probability,
                                       const std::vector<int>& group, int group_count);

/// sqrt(ln(2/delta) / (2 n)).
double DkwHalfWidth(size_t n, double delta);

std::string RegressionReportJson(const RegressionReport& report);
std::string RegressionReportTable(const RegressionReport& report);

}  // namespace tinyfair::host::metrics
