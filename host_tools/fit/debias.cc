#include "host_tools/fit/debias.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/preprocessing/maxent_sampler.h"

namespace tinyfair::host::fit {
namespace {

namespace pre = host::preprocessing;

// "column=e1,e2,..." -> (column, edges).
std::pair<std::string, std::vector<double>> ParseBins(const std::string& spec) {
  const size_t eq = spec.find('=');
  std::pair<std::string, std::vector<double>> bins{spec.substr(0, eq), {}};
  if (eq == std::string::npos || eq == 0) {
    throw common::DataError("--bins", 0, 0, "'" + spec + "' is not column=e1,e2,...");
  }
  size_t start = eq + 1;
  while (start <= spec.size()) {
    const size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string text = spec.substr(start, comma - start);
    char* end = nullptr;
    const double edge = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(edge)) {
      throw common::DataError("--bins", 0, 0, "'" + text + "' in '" + spec + "' is not a number");
    }
    bins.second.push_back(edge);
    start = comma + 1;
  }
  return bins;
}

pre::MaxentColumns MaxentColumnsOf(const DebiasOptions& o) {
  pre::MaxentColumns columns;
  columns.label = o.label.label;
  columns.positive = o.label.positive;
  columns.protected_attribute = o.protected_attribute;
  columns.protected_zero = o.protected_zero;
  columns.categorical = o.categorical;
  columns.ordinal = o.ordinal;
  for (const auto& spec : o.bins) columns.bins.push_back(ParseBins(spec));
  return columns;
}

// The marginals the max-ent distribution must meet, chosen by options.theta.
Eigen::VectorXd TargetMarginals(const MaxentFit& fit) {
  const pre::Domain& domain = fit.schema.domain();
  const std::string& mode = fit.options.theta;
  Eigen::VectorXd theta;
  if (mode == "w") theta = pre::WeightedMean(fit.data, fit.reweighted);
  if (mode == "d") theta = pre::WeightedMean(fit.data, fit.empirical);
  if (mode == "b") {
    theta = pre::WithBlockBalanced(domain, pre::WeightedMean(fit.data, fit.empirical),
                                   fit.roles.protected_block);
  }
  if (mode == "prior") theta = pre::PriorMean(domain, fit.data, fit.prior);
  return pre::RenormaliseOneHotBlocks(domain, theta);
}

pre::DualSolverOptions SolverOptions(const DebiasOptions& o) {
  pre::DualSolverOptions solver;
  solver.method =
      o.solver == "newton" ? pre::DualMethod::kNewton : pre::DualMethod::kBoxNewtonPaper;
  solver.gradient_tolerance = o.gradient_tolerance;
  if (o.max_iterations > 0) {
    solver.max_iterations = o.max_iterations;
    solver.max_box_newton_iterations = o.max_iterations;
  }
  if (ProgressToTerminal()) {
    solver.progress = [](int iteration, double h, double norm) {
      if (iteration % 50 == 0 || norm < 1e-6) {
        std::fprintf(stderr, "  iteration %5d  h %.12f  |gradient|_inf %.3e\n", iteration, h, norm);
      }
    };
  }
  return solver;
}

// Notes how the solve went and, with options.strict, refuses a dual that
// did not converge.
void NoteSolution(const MaxentFit& fit) {
  const DebiasOptions& o = fit.options;
  const pre::DualSolution& solution = fit.solution;
  Note(common::FormatText(
      "debias-data: %s %s after %d iterations (%.3f s), h = %.10g, "
      "|E_p[alpha] - theta|_inf = %.3e, pi_uniform = %.6f",
      o.solver.c_str(), pre::DualStatusName(solution.status), solution.iterations,
      fit.solve_seconds, solution.point.h, solution.feasibility, solution.point.pi_uniform));
  for (const auto& warning : solution.warnings) Note("debias-data: warning: " + warning);
  FitStop stop;
  stop.stopped_by = solution.status == pre::DualStatus::kConverged ? "the tolerance"
                    : solution.status == pre::DualStatus::kStalled
                        ? "no further decrease in double precision"
                        : "iteration limit";
  stop.iterations = solution.iterations;
  stop.converged = solution.status == pre::DualStatus::kConverged;
  stop.measure = "|E_p[alpha] - theta|_inf (the marginals' distance from their targets)";
  stop.value = solution.feasibility;
  stop.bound_name = "--gradient-tolerance";
  stop.bound = o.gradient_tolerance;
  ReportFitStop("debias-data", "max-entropy dual (" + o.solver + ")", stop, o.strict);
}

// Solves the dual of `fit` (progress on a terminal only), timed.
void SolveAndNote(MaxentFit& fit) {
  const pre::DualOracle oracle = fit.Oracle();
  const auto start = std::chrono::steady_clock::now();
  try {
    fit.solution = pre::SolveDual(oracle, SolverOptions(fit.options));
  } catch (const std::invalid_argument& error) {
    throw common::DataError(fit.options.data, 0, 0, error.what());
  }
  fit.solve_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  NoteSolution(fit);
}

}  // namespace

pre::DualOracle MaxentFit::Oracle() const {
  return pre::DualOracle(schema.domain(), data, prior, theta);
}

void CheckDebiasOptions(const DebiasOptions& o) {
  using common::DataError;
  if (!(o.tau > 0.0 && o.tau <= 1.0)) throw DataError("--tau", 0, 0, "must be in (0, 1]");
  if (!(o.prior_weight >= 0.0 && o.prior_weight <= 1.0)) {
    throw DataError("--prior-weight", 0, 0, "C must be in [0, 1]");
  }
  CheckParameter(kGradientTolerance, o.gradient_tolerance);
  // The command's flags check these choices; other front ends set them freely.
  const auto check_choice = [](const char* flag, const std::string& value,
                               const std::vector<std::string>& choices) {
    if (std::find(choices.begin(), choices.end(), value) != choices.end()) return;
    std::string listed;
    for (const auto& choice : choices) listed += (listed.empty() ? "" : " | ") + choice;
    throw DataError(flag, 0, 0, "'" + value + "' is not one of " + listed);
  };
  check_choice("--prior", o.prior, {"w", "d"});
  check_choice("--theta", o.theta, {"w", "b", "d", "prior"});
  check_choice("--solver", o.solver, {"newton", "box-newton-paper"});
  check_choice("--sampler", o.sampler, {"mixture", "sequential"});
  if (o.max_iterations < 0)
    throw DataError("--max-iterations", 0, 0, "must be positive (0: the solver's default)");
}

MaxentFit FitMaxent(const DebiasOptions& options, const data::ColumnTable& table) {
  CheckDebiasOptions(options);
  MaxentFit fit(options, table.row_count(), pre::TableDiscretiser(table, MaxentColumnsOf(options)));
  const pre::Domain& domain = fit.schema.domain();
  fit.roles = fit.schema.roles();
  fit.data = pre::Deduplicate(domain, fit.schema.Encode(table));
  Note(common::FormatText(
      "debias-data: %zu rows, %zu distinct, %zu blocks, d = %zu, |Omega| = %.4g", table.row_count(),
      fit.data.size(), domain.block_count(), domain.dimension(), std::exp(domain.log_size())));
  try {
    fit.reweighted = pre::ReweightForStatisticalRate(domain, fit.data, fit.roles, options.tau);
  } catch (const std::invalid_argument& error) {
    throw common::DataError(options.data, 0, 0, error.what());
  }
  fit.empirical = pre::EmpiricalWeights(fit.data);
  fit.prior = pre::MixturePrior{options.prior_weight,
                                options.prior == "w" ? fit.reweighted : fit.empirical};
  fit.theta = TargetMarginals(fit);
  SolveAndNote(fit);
  return fit;
}

MaxentSample SampleMaxent(const MaxentFit& fit, std::size_t rows, uint64_t seed) {
  if (rows == 0) rows = fit.data_rows;
  runtime::Pcg32 rng(seed, 0x3a7e);
  MaxentSample sample;
  sample.seed = seed;
  sample.points.reserve(rows);
  if (fit.options.sampler == "mixture") {
    const pre::MixtureSampler sampler(fit.schema.domain(), fit.data, fit.solution.point);
    for (size_t i = 0; i < rows; ++i) sample.points.push_back(sampler.Draw(rng));
  } else {
    const pre::DualOracle oracle = fit.Oracle();
    const pre::SequentialSampler sampler(oracle, fit.solution.lambda);
    for (size_t i = 0; i < rows; ++i) sample.points.push_back(sampler.Draw(rng));
  }
  sample.table = fit.schema.Decode(sample.points);
  return sample;
}

data::CsvTable DiscretiseLikeFit(const MaxentFit& fit, const data::CsvTable& table) {
  return fit.schema.Decode(fit.schema.Encode(table));
}

}  // namespace tinyfair::host::fit
