// tinyfair debias-data: learns the maximum-entropy distribution closest to
// the data that meets representation and statistical-rate targets (Celis,
// Keswani, Vishnoi, ICML 2020) and samples a synthetic training set from it.
// Writes the synthetic CSV, optionally the learned parameters (JSON) and the
// held-out data discretised with the same schema; prints a fairness report.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/json_writer.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/model/model_file.h"
#include "host_tools/preprocessing/maxent_report.h"
#include "host_tools/preprocessing/maxent_sampler.h"
#include "host_tools/preprocessing/maxent_schema.h"
#include "host_tools/preprocessing/maxent_solver.h"

namespace tinyfair::cli {
namespace {

struct DebiasOptions {
  std::string data, out, params_out, report_out, discretize, discretized_out, kl_reference;
  LabelOptions label;
  std::string protected_attribute, protected_zero;
  std::vector<std::string> categorical, bins, ordinal;
  double tau = 1.0, prior_weight = 0.5, gradient_tolerance = 1e-10;
  std::string prior = "w", theta = "w", solver = "newton", sampler = "mixture";
  size_t rows = 0;
  uint64_t seed = 1;
  /// The solver's iteration cap (0: its default); --strict refuses a dual
  /// that did not converge.
  int max_iterations = 0;
  bool strict = false;
};

// "column=e1,e2,..." -> (column, edges).
std::pair<std::string, std::vector<double>> ParseBins(const std::string& spec) {
  const size_t eq = spec.find('=');
  std::pair<std::string, std::vector<double>> bins{spec.substr(0, eq), {}};
  if (eq == std::string::npos || eq == 0) {
    throw host::common::DataError("--bins", 0, 0, "'" + spec + "' is not column=e1,e2,...");
  }
  size_t start = eq + 1;
  while (start <= spec.size()) {
    const size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string text = spec.substr(start, comma - start);
    char* end = nullptr;
    const double edge = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(edge)) {
      throw host::common::DataError("--bins", 0, 0,
                                    "'" + text + "' in '" + spec + "' is not a number");
    }
    bins.second.push_back(edge);
    start = comma + 1;
  }
  return bins;
}

host::common::JsonObject RatesJson(const host::preprocessing::GroupLabelJoint& joint,
                                   const host::preprocessing::Domain& domain,
                                   const host::preprocessing::MaxentRoles& roles) {
  const host::preprocessing::FairnessRates rates = host::preprocessing::RatesOf(joint, 1);
  const auto& z = domain.blocks()[roles.protected_block].labels;
  host::common::JsonObject object;
  object.Number("representation_rate", rates.representation_rate)
      .Number("statistical_rate", rates.statistical_rate)
      .Number("share_" + z[0], rates.group_share[0])
      .Number("share_" + z[1], rates.group_share[1])
      .Number("positive_rate_" + z[0], rates.favourable_rate[0])
      .Number("positive_rate_" + z[1], rates.favourable_rate[1]);
  return object;
}

// |Omega| as a number: exact while the product of the value counts fits a
// double's 53 bits, otherwise exp(log |Omega|).
double DomainSize(const host::preprocessing::Domain& domain) {
  double size = 1.0;
  for (const auto& block : domain.blocks()) size *= static_cast<double>(block.value_count());
  return size < 0x1.0p53 ? size : std::exp(domain.log_size());
}

void CheckDebiasOptions(const DebiasOptions& o) {
  using host::common::DataError;
  if (!(o.tau > 0.0 && o.tau <= 1.0)) throw DataError("--tau", 0, 0, "must be in (0, 1]");
  if (!(o.prior_weight >= 0.0 && o.prior_weight <= 1.0)) {
    throw DataError("--prior-weight", 0, 0, "C must be in [0, 1]");
  }
  if (o.discretize.empty() != o.discretized_out.empty()) {
    throw DataError("--discretize", 0, 0, "--discretize and --discretized-out go together");
  }
}

host::preprocessing::MaxentColumns MaxentColumnsOf(const DebiasOptions& o) {
  host::preprocessing::MaxentColumns columns;
  columns.label = o.label.label;
  columns.positive = o.label.positive;
  columns.protected_attribute = o.protected_attribute;
  columns.protected_zero = o.protected_zero;
  columns.categorical = o.categorical;
  columns.ordinal = o.ordinal;
  for (const auto& spec : o.bins) columns.bins.push_back(ParseBins(spec));
  return columns;
}

// The marginals the max-ent distribution must meet, chosen by --theta.
Eigen::VectorXd TargetMarginals(const DebiasOptions& o, const host::preprocessing::Domain& domain,
                                const host::preprocessing::DomainData& data,
                                const host::preprocessing::MaxentRoles& roles,
                                const std::vector<double>& reweighted,
                                const std::vector<double>& empirical,
                                const host::preprocessing::MixturePrior& prior) {
  Eigen::VectorXd theta;
  if (o.theta == "w") theta = host::preprocessing::WeightedMean(data, reweighted);
  if (o.theta == "d") theta = host::preprocessing::WeightedMean(data, empirical);
  if (o.theta == "b") {
    theta = host::preprocessing::WithBlockBalanced(
        domain, host::preprocessing::WeightedMean(data, empirical), roles.protected_block);
  }
  if (o.theta == "prior") theta = host::preprocessing::PriorMean(domain, data, prior);
  return host::preprocessing::RenormaliseOneHotBlocks(domain, theta);
}

struct TimedDualSolution {
  host::preprocessing::DualSolution solution;
  double seconds = 0.0;
};

// Solves the dual and notes how it went (progress on a terminal only).
TimedDualSolution SolveAndNote(const DebiasOptions& o,
                               const host::preprocessing::DualOracle& oracle) {
  host::preprocessing::DualSolverOptions solver;
  solver.method = o.solver == "newton" ? host::preprocessing::DualMethod::kNewton
                                       : host::preprocessing::DualMethod::kBoxNewtonPaper;
  solver.gradient_tolerance = o.gradient_tolerance;
  if (o.max_iterations > 0) {
    solver.max_iterations = o.max_iterations;
    solver.max_box_newton_iterations = o.max_iterations;
  }
  if (isatty(fileno(stderr))) {
    solver.progress = [](int iteration, double h, double norm) {
      if (iteration % 50 == 0 || norm < 1e-6) {
        std::fprintf(stderr, "  iteration %5d  h %.12f  |gradient|_inf %.3e\n", iteration, h, norm);
      }
    };
  }
  const auto start = std::chrono::steady_clock::now();
  TimedDualSolution timed;
  host::preprocessing::DualSolution& solution = timed.solution;
  try {
    solution = host::preprocessing::SolveDual(oracle, solver);
  } catch (const std::invalid_argument& error) {
    throw host::common::DataError(o.data, 0, 0, error.what());
  }
  timed.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[400];
  std::snprintf(line, sizeof(line),
                "debias-data: %s %s after %d iterations (%.3f s), h = %.10g, "
                "|E_p[alpha] - theta|_inf = %.3e, pi_uniform = %.6f",
                o.solver.c_str(), host::preprocessing::DualStatusName(solution.status),
                solution.iterations, timed.seconds, solution.point.h, solution.feasibility,
                solution.point.pi_uniform);
  Note(line);
  for (const auto& warning : solution.warnings) Note("debias-data: warning: " + warning);
  host::fit::FitStop stop;
  stop.stopped_by = solution.status == host::preprocessing::DualStatus::kConverged ? "the tolerance"
                    : solution.status == host::preprocessing::DualStatus::kStalled
                        ? "no further decrease in double precision"
                        : "iteration limit";
  stop.iterations = solution.iterations;
  stop.converged = solution.status == host::preprocessing::DualStatus::kConverged;
  stop.measure = "|E_p[alpha] - theta|_inf (the marginals' distance from their targets)";
  stop.value = solution.feasibility;
  stop.bound_name = "--gradient-tolerance";
  stop.bound = o.gradient_tolerance;
  host::fit::ReportFitStop("debias-data", "max-entropy dual (" + o.solver + ")", stop, o.strict);
  return timed;
}

std::vector<std::vector<int>> DrawSynthetic(const DebiasOptions& o, size_t rows,
                                            const host::preprocessing::Domain& domain,
                                            const host::preprocessing::DomainData& data,
                                            const host::preprocessing::DualOracle& oracle,
                                            const host::preprocessing::DualSolution& solution) {
  runtime::Pcg32 rng(o.seed, 0x3a7e);
  std::vector<std::vector<int>> sample;
  sample.reserve(rows);
  if (o.sampler == "mixture") {
    const host::preprocessing::MixtureSampler sampler(domain, data, solution.point);
    for (size_t i = 0; i < rows; ++i) sample.push_back(sampler.Draw(rng));
  } else {
    const host::preprocessing::SequentialSampler sampler(oracle, solution.lambda);
    for (size_t i = 0; i < rows; ++i) sample.push_back(sampler.Draw(rng));
  }
  return sample;
}

std::string DecodedCsv(const host::preprocessing::TableDiscretiser& schema,
                       const std::vector<std::vector<int>>& points) {
  std::vector<size_t> all(points.size());
  for (size_t i = 0; i < points.size(); ++i) all[i] = i;
  return TableToCsv(schema.Decode(points), all);
}

// What Debias learned and drew, for the report and the parameters file.
struct DebiasResult {
  const host::data::CsvTable& table;
  const host::preprocessing::TableDiscretiser& schema;
  const host::preprocessing::DomainData& data;
  const host::preprocessing::MaxentRoles& roles;
  const std::vector<double>& reweighted;
  const std::vector<double>& empirical;
  const host::preprocessing::MixturePrior& prior;
  const Eigen::VectorXd& theta;
  const host::preprocessing::DualOracle& oracle;
  const TimedDualSolution& solved;
  const std::vector<std::vector<int>>& sample;
};

// The report: exact rates of each distribution, the sample's, distances.
host::common::JsonObject DebiasReport(const DebiasOptions& o, const DebiasResult& r) {
  const host::preprocessing::Domain& domain = r.schema.domain();
  const host::preprocessing::DualSolution& solution = r.solved.solution;
  const host::preprocessing::GroupLabelJoint raw_joint =
      host::preprocessing::JointOfWeights(r.data, r.empirical, r.roles);
  const host::preprocessing::GroupLabelJoint prior_joint =
      host::preprocessing::JointOfPrior(r.data, r.prior, r.roles);
  const host::preprocessing::GroupLabelJoint optimum_joint =
      host::preprocessing::JointOfTilted(r.data, solution.point, r.roles);
  const host::preprocessing::DomainData sample_data =
      host::preprocessing::Deduplicate(domain, r.sample);
  const host::preprocessing::DomainData reference =
      o.kl_reference.empty()
          ? r.data
          : host::preprocessing::Deduplicate(domain, r.schema.Encode(ReadDataCsv(o.kl_reference)));
  constexpr double kSmoothing = 1e-7;
  host::common::JsonObject report;
  report.Number("rows", static_cast<double>(r.table.rows.size()))
      .Number("distinct_rows", static_cast<double>(r.data.size()))
      .Number("domain_size", DomainSize(domain))
      .Number("dimension", static_cast<double>(domain.dimension()))
      .Number("tau", o.tau)
      .Number("prior_weight", o.prior_weight)
      .Text("prior", o.prior)
      .Text("theta", o.theta)
      .Text("solver", o.solver)
      .Text("status", host::preprocessing::DualStatusName(solution.status))
      .Number("iterations", solution.iterations)
      .Number("solve_seconds", r.solved.seconds)
      .Number("feasibility", solution.feasibility)
      .Number("kl_to_prior", -solution.point.h)
      .Number("pi_uniform", solution.point.pi_uniform)
      .Raw("raw", RatesJson(raw_joint, domain, r.roles).Str(2))
      .Raw("reweighted",
           RatesJson(host::preprocessing::JointOfWeights(r.data, r.reweighted, r.roles), domain,
                     r.roles)
               .Str(2))
      .Raw("prior_distribution", RatesJson(prior_joint, domain, r.roles).Str(2))
      .Raw("maxent_exact", RatesJson(optimum_joint, domain, r.roles).Str(2))
      .Raw(
          "synthetic",
          RatesJson(host::preprocessing::JointOfPoints(r.sample, r.roles), domain, r.roles).Str(2));
  if (o.prior == "w" && o.prior_weight > 0.0) {
    report.Number("theorem_4_5_bound", host::preprocessing::TheoremStatisticalRateBound(
                                           o.tau, o.prior_weight, optimum_joint, prior_joint, 1));
  }
  report.Number("kl_synthetic_to_data", host::preprocessing::SmoothedKlDivergence(
                                            domain, sample_data, reference, kSmoothing));
  if (domain.log_size() <= std::log(1e7)) {
    report.Number("kl_maxent_to_data", host::preprocessing::ExactKlToSmoothedData(
                                           r.oracle, solution.lambda, reference, kSmoothing));
  }
  report.Number("synthetic_rows", static_cast<double>(r.sample.size()))
      .Number("seed", static_cast<double>(o.seed));
  return report;
}

host::common::JsonObject DebiasParams(const DebiasOptions& o, const DebiasResult& r) {
  const host::preprocessing::Domain& domain = r.schema.domain();
  const host::preprocessing::DualSolution& solution = r.solved.solution;
  std::string tables = "[";
  for (size_t b = 0; b < domain.block_count(); ++b) {
    tables += (b ? ", " : "") + host::common::JsonArray(solution.point.block_probabilities[b]);
  }
  host::common::JsonObject params;
  params.Text("method", "maximum entropy (Celis, Keswani, Vishnoi 2020)")
      .Text("data", o.data)
      .Number("tau", o.tau)
      .Number("prior_weight", o.prior_weight)
      .Text("prior", o.prior)
      .Text("theta_mode", o.theta)
      .Raw("schema", r.schema.SchemaJson())
      .Raw("theta", host::common::JsonArray(r.theta))
      .Raw("lambda", host::common::JsonArray(solution.lambda))
      .Number("log_partition", solution.point.log_partition)
      .Number("h", solution.point.h)
      .Number("kl_to_prior", -solution.point.h)
      .Number("pi_uniform", solution.point.pi_uniform)
      .Raw("block_probabilities", tables + "]")
      .Text("solver", o.solver)
      .Text("status", host::preprocessing::DualStatusName(solution.status))
      .Number("iterations", solution.iterations)
      .Number("feasibility", solution.feasibility)
      .Text("sampler", o.sampler)
      .Number("seed", static_cast<double>(o.seed))
      .Number("synthetic_rows", static_cast<double>(r.sample.size()));
  return params;
}

void Debias(const DebiasOptions& o) {
  using host::common::DataError;
  CheckDebiasOptions(o);
  const host::preprocessing::MaxentColumns columns = MaxentColumnsOf(o);
  const host::data::CsvTable table = ReadDataCsv(o.data);
  const host::preprocessing::TableDiscretiser schema(table, columns);
  const host::preprocessing::Domain& domain = schema.domain();
  const host::preprocessing::MaxentRoles roles = schema.roles();
  const host::preprocessing::DomainData data =
      host::preprocessing::Deduplicate(domain, schema.Encode(table));
  char line[400];
  std::snprintf(line, sizeof(line),
                "debias-data: %zu rows, %zu distinct, %zu blocks, d = %zu, |Omega| = %.4g",
                table.rows.size(), data.size(), domain.block_count(), domain.dimension(),
                std::exp(domain.log_size()));
  Note(line);

  std::vector<double> reweighted;
  try {
    reweighted = host::preprocessing::ReweightForStatisticalRate(domain, data, roles, o.tau);
  } catch (const std::invalid_argument& error) {
    throw DataError(o.data, 0, 0, error.what());
  }
  const std::vector<double> empirical = host::preprocessing::EmpiricalWeights(data);
  const host::preprocessing::MixturePrior prior{o.prior_weight,
                                                o.prior == "w" ? reweighted : empirical};
  const Eigen::VectorXd theta =
      TargetMarginals(o, domain, data, roles, reweighted, empirical, prior);

  const host::preprocessing::DualOracle oracle(domain, data, prior, theta);
  const TimedDualSolution solved = SolveAndNote(o, oracle);

  const size_t rows = o.rows ? o.rows : table.rows.size();
  const std::vector<std::vector<int>> sample =
      DrawSynthetic(o, rows, domain, data, oracle, solved.solution);
  std::vector<std::pair<std::string, std::string>> files;
  files.emplace_back(o.out, DecodedCsv(schema, sample));
  if (!o.discretize.empty()) {
    files.emplace_back(o.discretized_out,
                       DecodedCsv(schema, schema.Encode(ReadDataCsv(o.discretize))));
  }

  const DebiasResult result{table, schema, data,   roles,  reweighted, empirical,
                            prior, theta,  oracle, solved, sample};
  const host::common::JsonObject report = DebiasReport(o, result);
  if (!o.params_out.empty()) {
    files.emplace_back(o.params_out, DebiasParams(o, result).Str() + "\n");
  }
  if (!o.report_out.empty()) files.emplace_back(o.report_out, report.Str() + "\n");
  host::common::WriteFilesAtomically(files);
  if (o.report_out.empty()) std::printf("%s\n", report.Str().c_str());
  Note("debias-data: wrote " + std::to_string(rows) + " synthetic rows to " + o.out);
}

}  // namespace

void AddDebiasCommand(CLI::App& app) {
  auto o = std::make_shared<DebiasOptions>();
  auto* command = app.add_subcommand(
      "debias-data",
      "Learn a max-entropy distribution meeting fairness targets and sample a debiased CSV");
  command->add_option("--data", o->data, "Training CSV")->required()->check(CLI::ExistingFile);
  AddLabelOptions(*command, o->label, true);
  command->add_option("--protected", o->protected_attribute, "Binary protected column")->required();
  command->add_option("--protected-zero", o->protected_zero,
                      "Protected value whose group tau scales (default: the smaller group)");
  command->add_option("--categorical", o->categorical, "Categorical columns")->delimiter(',');
  command->add_option("--bins", o->bins,
                      "Bucketed numeric column as column=e1,e2,... (bins (-inf,e1), [e1,e2), "
                      "..., [ek,inf)); repeat per column");
  command->add_option("--ordinal", o->ordinal, "Integer columns kept as numbers")->delimiter(',');
  command->add_option("--tau", o->tau, "Target representation/statistical rate in (0, 1]");
  command->add_option("--prior-weight", o->prior_weight,
                      "C: weight of the uniform distribution in the prior");
  command->add_option("--prior", o->prior, "Data part of the prior: w (reweighted) | d (raw)")
      ->check(CLI::IsMember({"w", "d"}));
  command
      ->add_option("--theta", o->theta,
                   "Target marginals: w (reweighted mean) | b (raw mean, protected 1/2) | "
                   "d (raw mean) | prior (the prior's own mean: no max-ent step)")
      ->check(CLI::IsMember({"w", "b", "d", "prior"}));
  command->add_option("--solver", o->solver, "newton | box-newton-paper")
      ->check(CLI::IsMember({"newton", "box-newton-paper"}));
  command->add_option("--gradient-tolerance", o->gradient_tolerance,
                      "Stop when |E_p[alpha] - theta|_inf is at most this");
  command
      ->add_option("--max-iterations", o->max_iterations,
                   "The dual solver's iteration cap (default: newton 200, box-newton-paper "
                   "100000)")
      ->check(CLI::PositiveNumber);
  command->add_flag("--strict", o->strict,
                    "Exit with status 3 and write nothing unless the dual converged "
                    "(|E_p[alpha] - theta|_inf <= --gradient-tolerance)");
  command->add_option("--sampler", o->sampler, "mixture | sequential (the paper's)")
      ->check(CLI::IsMember({"mixture", "sequential"}));
  command->add_option("--rows", o->rows, "Synthetic rows (default: as many as the data)");
  command->add_option("--seed", o->seed, "Seed of the sampler");
  command->add_option("--out", o->out, "Synthetic CSV")->required();
  command->add_option("--params-out", o->params_out, "Learned parameters and schema (JSON)");
  command->add_option("--report-out", o->report_out, "Report (JSON; default: stdout)");
  command->add_option("--discretize", o->discretize, "Held-out CSV to discretise like the data")
      ->check(CLI::ExistingFile);
  command->add_option("--discretized-out", o->discretized_out, "Where to write it");
  command
      ->add_option("--kl-reference", o->kl_reference,
                   "CSV whose distribution the KL divergences compare to (default: --data)")
      ->check(CLI::ExistingFile);
  command->callback([o] { Debias(*o); });
}

}  // namespace tinyfair::cli
