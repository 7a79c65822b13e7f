#include "host_tools/metrics/regression_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "host_tools/common/json_writer.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/text_format.h"
#include "host_tools/metrics/regression_loss.h"

namespace tinyfair::host::metrics {

std::vector<double> KsDisparityByGroup(const Eigen::MatrixXd& outputs,
                                       const std::vector<double>& probability,
                                       const std::vector<int>& group, int group_count) {
  struct Point {
    double value, weight;
    int group;
  };
  std::vector<Point> points;
  std::vector<double> rows(static_cast<size_t>(group_count), 0.0);
  for (Eigen::Index i = 0; i < outputs.rows(); ++i) {
    const int a = group[static_cast<size_t>(i)];
    rows[static_cast<size_t>(a)] += 1.0;
    for (Eigen::Index k = 0; k < outputs.cols(); ++k) {
      const double q = probability[static_cast<size_t>(k)];
      if (q > 0.0) points.push_back({outputs(i, k), q, a});
    }
  }
  std::sort(points.begin(), points.end(),
            [](const Point& l, const Point& r) { return l.value > r.value; });
  // Sweep thresholds z from the top: after all points >= z are in, compare.
  std::vector<double> above(static_cast<size_t>(group_count), 0.0), worst(above);
  double above_all = 0.0;
  const double n = static_cast<double>(outputs.rows());
  for (size_t p = 0; p < points.size();) {
    const double z = points[p].value;
    for (; p < points.size() && points[p].value == z; ++p) {
      above[static_cast<size_t>(points[p].group)] += points[p].weight;
      above_all += points[p].weight;
    }
    for (int a = 0; a < group_count; ++a) {
      const size_t g = static_cast<size_t>(a);
      if (rows[g] == 0.0) continue;
      worst[g] = std::max(worst[g], std::fabs(above[g] / rows[g] - above_all / n));
    }
  }
  return worst;
}

double DkwHalfWidth(size_t n, double delta) {
  return n == 0 ? std::numeric_limits<double>::quiet_NaN()
                : std::sqrt(std::log(2.0 / delta) / (2.0 * static_cast<double>(n)));
}

RegressionReport EvaluateRegression(const Eigen::MatrixXd& outputs,
                                    const std::vector<double>& probability,
                                    const Eigen::VectorXd& labels, const std::vector<int>& group,
                                    const std::vector<std::string>& group_names, double delta) {
  if (labels.size() != outputs.rows() || group.size() != static_cast<size_t>(outputs.rows()) ||
      probability.size() != static_cast<size_t>(outputs.cols())) {
    throw std::invalid_argument("outputs, labels, groups and member probabilities differ in size");
  }
  const int group_count = static_cast<int>(group_names.size());
  RegressionReport report;
  report.rows = static_cast<size_t>(outputs.rows());
  report.members = static_cast<size_t>(outputs.cols());
  report.delta = delta;
  report.groups.resize(group_names.size());
  std::vector<double> squared(group_names.size(), 0.0), log_loss(squared), mean(squared);
  bool binary = true;
  double total_squared = 0.0, total_log = 0.0;
  for (Eigen::Index i = 0; i < outputs.rows(); ++i) {
    const size_t a = static_cast<size_t>(group[static_cast<size_t>(i)]);
    const double y = labels[i];
    binary = binary && (y == 0.0 || y == 1.0);
    double row_squared = 0.0, row_log = 0.0, row_mean = 0.0;
    for (Eigen::Index k = 0; k < outputs.cols(); ++k) {
      const double q = probability[static_cast<size_t>(k)], u = outputs(i, k);
      row_squared += q * (y - u) * (y - u);
      const double p = std::min(std::max(LogisticProbability(u), 1e-15), 1.0 - 1e-15);
      row_log -= q * (y * std::log(p) + (1.0 - y) * std::log(1.0 - p));
      row_mean += q * u;
    }
    ++report.groups[a].n;
    squared[a] += row_squared;
    log_loss[a] += row_log;
    mean[a] += row_mean;
    total_squared += row_squared;
    total_log += row_log;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double n = static_cast<double>(report.rows);
  report.rmse = report.rows ? std::sqrt(total_squared / n) : nan;
  report.log_loss = binary && report.rows ? total_log / n : nan;
  report.dkw_half_width = DkwHalfWidth(report.rows, delta);
  const std::vector<double> disparity =
      KsDisparityByGroup(outputs, probability, group, group_count);
  for (size_t a = 0; a < group_names.size(); ++a) {
    RegressionGroupReport& g = report.groups[a];
    const double rows = static_cast<double>(g.n);
    g.name = group_names[a];
    g.rmse = g.n ? std::sqrt(squared[a] / rows) : nan;
    g.log_loss = binary && g.n ? log_loss[a] / rows : nan;
    g.mean_prediction = g.n ? mean[a] / rows : nan;
    g.disparity = disparity[a];
    g.dkw_half_width = DkwHalfWidth(g.n, delta);
    report.disparity = std::max(report.disparity, g.disparity);
  }
  return report;
}

namespace {

std::string NumberNanAsNull(double value) {
  return std::isnan(value) ? "null" : common::FormatText("%.9g", value);
}

}  // namespace

std::string RegressionReportJson(const RegressionReport& r) {
  std::string json =
      "{\"rows\": " + std::to_string(r.rows) + ", \"members\": " + std::to_string(r.members) +
      ", \"rmse\": " + NumberNanAsNull(r.rmse) + ", \"log_loss\": " + NumberNanAsNull(r.log_loss) +
      ", \"ks_disparity\": " + NumberNanAsNull(r.disparity) +
      ", \"dkw_half_width\": " + NumberNanAsNull(r.dkw_half_width) +
      ", \"delta\": " + NumberNanAsNull(r.delta) + ", \"groups\": [";
  for (size_t a = 0; a < r.groups.size(); ++a) {
    const RegressionGroupReport& g = r.groups[a];
    json += std::string(a ? ", " : "") + "{\"name\": " + common::JsonQuoted(g.name) +
            ", \"n\": " + std::to_string(g.n) + ", \"rmse\": " + NumberNanAsNull(g.rmse) +
            ", \"log_loss\": " + NumberNanAsNull(g.log_loss) +
            ", \"mean_prediction\": " + NumberNanAsNull(g.mean_prediction) +
            ", \"ks_disparity\": " + NumberNanAsNull(g.disparity) +
            ", \"dkw_half_width\": " + NumberNanAsNull(g.dkw_half_width) + "}";
  }
  return json + "]}\n";
}

std::string RegressionReportTable(const RegressionReport& r) {
  char line[240];
  std::snprintf(line, sizeof(line),
                "rows %zu, members %zu\nRMSE under Q      %.6f\nlog loss under Q  %s\n"
                "KS SP disparity   %.6f  (DKW half-width %.6f at delta %.2g)\n",
                r.rows, r.members, r.rmse, NumberNanAsNull(r.log_loss).c_str(), r.disparity,
                r.dkw_half_width, r.delta);
  std::string table = line;
  table += "group                     n        RMSE    log loss   mean pred  KS disparity\n";
  for (const auto& g : r.groups) {
    std::snprintf(line, sizeof(line), "%-20s %6zu  %10.6f  %10s  %10.6f  %10.6f\n",
                  common::OneLineText(g.name).c_str(), g.n, g.rmse,
                  NumberNanAsNull(g.log_loss).c_str(), g.mean_prediction, g.disparity);
    table += line;
  }
  return table;
}

}  // namespace tinyfair::host::metrics
