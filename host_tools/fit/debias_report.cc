#include "host_tools/fit/debias_report.h"

#include <cmath>
#include <string>

#include "host_tools/preprocessing/maxent_report.h"

namespace tinyfair::host::fit {
namespace {

namespace pre = host::preprocessing;

common::JsonObject RatesJson(const pre::GroupLabelJoint& joint, const MaxentFit& fit) {
  const pre::FairnessRates rates = pre::RatesOf(joint, 1);
  const auto& z = fit.schema.domain().blocks()[fit.roles.protected_block].labels;
  common::JsonObject object;
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
double DomainSize(const pre::Domain& domain) {
  double size = 1.0;
  for (const auto& block : domain.blocks()) size *= static_cast<double>(block.value_count());
  return size < 0x1.0p53 ? size : std::exp(domain.log_size());
}

// The fit's size, options and how the dual ended.
void AddFitSummary(common::JsonObject& report, const MaxentFit& fit) {
  const DebiasOptions& o = fit.options;
  const pre::Domain& domain = fit.schema.domain();
  const pre::DualSolution& solution = fit.solution;
  report.Number("rows", static_cast<double>(fit.data_rows))
      .Number("distinct_rows", static_cast<double>(fit.data.size()))
      .Number("domain_size", DomainSize(domain))
      .Number("dimension", static_cast<double>(domain.dimension()))
      .Number("tau", o.tau)
      .Number("prior_weight", o.prior_weight)
      .Text("prior", o.prior)
      .Text("theta", o.theta)
      .Text("solver", o.solver)
      .Text("status", pre::DualStatusName(solution.status))
      .Number("iterations", solution.iterations)
      .Number("solve_seconds", fit.solve_seconds)
      .Number("feasibility", solution.feasibility)
      .Number("kl_to_prior", -solution.point.h)
      .Number("pi_uniform", solution.point.pi_uniform);
}

}  // namespace

common::JsonObject MaxentReport(const MaxentFit& fit, const MaxentSample& sample,
                                const data::CsvTable* kl_reference) {
  const DebiasOptions& o = fit.options;
  const pre::Domain& domain = fit.schema.domain();
  const pre::DualSolution& solution = fit.solution;
  const pre::GroupLabelJoint prior_joint = pre::JointOfPrior(fit.data, fit.prior, fit.roles);
  const pre::GroupLabelJoint optimum_joint =
      pre::JointOfTilted(fit.data, solution.point, fit.roles);
  const pre::DomainData sample_data = pre::Deduplicate(domain, sample.points);
  const pre::DomainData reference =
      kl_reference ? pre::Deduplicate(domain, fit.schema.Encode(*kl_reference)) : fit.data;
  constexpr double kSmoothing = 1e-7;
  common::JsonObject report;
  AddFitSummary(report, fit);
  report.Raw("raw", RatesJson(pre::JointOfWeights(fit.data, fit.empirical, fit.roles), fit).Str(2))
      .Raw("reweighted",
           RatesJson(pre::JointOfWeights(fit.data, fit.reweighted, fit.roles), fit).Str(2))
      .Raw("prior_distribution", RatesJson(prior_joint, fit).Str(2))
      .Raw("maxent_exact", RatesJson(optimum_joint, fit).Str(2))
      .Raw("synthetic", RatesJson(pre::JointOfPoints(sample.points, fit.roles), fit).Str(2));
  if (o.prior == "w" && o.prior_weight > 0.0) {
    report.Number("theorem_4_5_bound", pre::TheoremStatisticalRateBound(
                                           o.tau, o.prior_weight, optimum_joint, prior_joint, 1));
  }
  report.Number("kl_synthetic_to_data",
                pre::SmoothedKlDivergence(domain, sample_data, reference, kSmoothing));
  if (domain.log_size() <= std::log(1e7)) {
    report.Number("kl_maxent_to_data",
                  pre::ExactKlToSmoothedData(fit.Oracle(), solution.lambda, reference, kSmoothing));
  }
  report.Number("synthetic_rows", static_cast<double>(sample.points.size()))
      .Number("seed", static_cast<double>(sample.seed));
  return report;
}

common::JsonObject MaxentParams(const MaxentFit& fit, const MaxentSample& sample) {
  const DebiasOptions& o = fit.options;
  const pre::Domain& domain = fit.schema.domain();
  const pre::DualSolution& solution = fit.solution;
  std::string tables = "[";
  for (size_t b = 0; b < domain.block_count(); ++b) {
    tables += (b ? ", " : "") + common::JsonArray(solution.point.block_probabilities[b]);
  }
  common::JsonObject params;
  params.Text("method", "maximum entropy (Celis, Keswani, Vishnoi 2020)")
      .Text("data", o.data)
      .Number("tau", o.tau)
      .Number("prior_weight", o.prior_weight)
      .Text("prior", o.prior)
      .Text("theta_mode", o.theta)
      .Raw("schema", fit.schema.SchemaJson())
      .Raw("theta", common::JsonArray(fit.theta))
      .Raw("lambda", common::JsonArray(solution.lambda))
      .Number("log_partition", solution.point.log_partition)
      .Number("h", solution.point.h)
      .Number("kl_to_prior", -solution.point.h)
      .Number("pi_uniform", solution.point.pi_uniform)
      .Raw("block_probabilities", tables + "]")
      .Text("solver", o.solver)
      .Text("status", pre::DualStatusName(solution.status))
      .Number("iterations", solution.iterations)
      .Number("feasibility", solution.feasibility)
      .Text("sampler", o.sampler)
      .Number("seed", static_cast<double>(sample.seed))
      .Number("synthetic_rows", static_cast<double>(sample.points.size()));
  return params;
}

}  // namespace tinyfair::host::fit
