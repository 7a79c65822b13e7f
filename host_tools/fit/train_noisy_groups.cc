// train --method naive | dro | soft-groups: a linear scorer, positive iff
// its margin is > 0, trained under equal opportunity or equalized odds when
// the protected group is observed with noise (Wang et al. 2020). The
// --sensitive columns form the observed (noisy) group (their product when
// there are several: the paper's constraints hold for any set of groups):
// it is what the device sees, the model's group and, as in the paper,
// one-hot features. The true
// group never is a feature; it enters only through the noise: a flip rate
// (--noise-rate), a noise model P(G | G^) (--noise-model) or auxiliary rows
// that carry both columns (--true-group).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <stdexcept>

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/fit_progress.h"
#include "host_tools/fit/fit_stop.h"
#include "host_tools/fit/read_data.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/model/mixture_capacity.h"
#include "host_tools/model/mixture_writer.h"
#include "host_tools/model/provenance.h"
#include "host_tools/noisy_groups/dro_training.h"
#include "host_tools/noisy_groups/group_noise_model.h"
#include "host_tools/noisy_groups/soft_group_assignment.h"
#include "host_tools/noisy_groups/soft_group_ideal.h"

namespace tinyfair::host::fit {
namespace {

// The methods' own options: the solver's settings bound where the library
// keeps them (noisy_groups::NoisyGroupOptions, with its defaults), and what
// only train decides (the columns, the noise's sources).
struct NoisyGroupMethodOptions {
  std::string noisy_group, true_group, noise_model, gamma_rule = "bound";
  std::string adversary = "exact";
  /// -1: estimated from the noise's sources.
  double noise_rate = -1.0;
  /// -1: the method's own (1 for naive and dro, 0 for soft-groups).
  double hinge_slack = -1.0;
  host::noisy_groups::NoisyGroupOptions solver;
  bool ideal = false;
  host::noisy_groups::IdealOptions ideal_options;
};

void AddNoisyGroupOptions(const std::shared_ptr<NoisyGroupMethodOptions>& o,
                          OptionBinder& options) {
  options.Text("noisy-group", &o->noisy_group,
               "naive/dro/soft-groups: the observed group column (default and must be: the "
               "--sensitive column; several --sensitive columns form the observed group "
               "together)");
  options.Text("true-group", &o->true_group,
               "dro/soft-groups: auxiliary true group column, used only to estimate the noise "
               "(must be --ignore'd)");
  options.Number("noise-rate", &o->noise_rate,
                 "dro/soft-groups: fraction of rows whose group was moved to another one",
                 OptionCheck::Range(0.0, 1.0));
  options.Text("noise-model", &o->noise_model,
               "dro/soft-groups: CSV of P(G=row | G^=column): a first column naming the true "
               "groups, one column per observed group (the --sensitive column's category; "
               "with several columns the group's name, 'sex=F & race=b')");
  options.Text("gamma-rule", &o->gamma_rule,
               "dro: TV radius per group: bound = max(P(G^!=j|G=j), P(G!=j|G^=j)) (holds "
               "without equal marginals) | paper = P(G^!=j|G=j)",
               OptionCheck::Choices({"bound", "paper"}));
  options.Number("alpha", &o->solver.alpha, "naive/dro/soft-groups: the rate constraints' slack",
                 OptionCheck::Range(0.0, 1.0));
  options.Number("hinge-slack", &o->hinge_slack,
                 "naive/dro/soft-groups: slack of the hinge surrogates (default: 1 for naive and "
                 "dro, 0 for soft-groups)",
                 OptionCheck::NonNegative());
  options.Number("learning-rate", &o->solver.theta_rate,
                 "naive/dro/soft-groups: Adam rate of theta", OptionCheck::Positive());
  options.Number("lambda-rate", &o->solver.lambda_rate,
                 "naive/dro/soft-groups: Adam rate of lambda", OptionCheck::Positive());
  options.Number("weight-rate", &o->solver.weight_rate,
                 "dro: Adam rate of the adversary's weights; soft-groups with --adversary "
                 "reference-code: the table's Adam rate",
                 OptionCheck::Positive());
  options.Text("adversary", &o->adversary,
               "dro/soft-groups: exact = DRO's weights projected exactly onto the TV ball, "
               "soft groups' table the exact LP maximizer | reference-code = as the paper's "
               "released code (DRO: weights from 0, clipped l1 projection; soft groups: 5 "
               "Adam steps of rate --weight-rate and Dykstra's projection per iteration); "
               "weaker, to reproduce its numbers",
               OptionCheck::Choices({"exact", "reference-code"}));
  options.Number("lambda-radius", &o->solver.lambda_radius,
                 "naive/dro/soft-groups: bound R on the sum of the multipliers",
                 OptionCheck::Positive());
  options.Flag("ideal", &o->ideal,
               "soft-groups: the ideal algorithm (Algorithm 1): a uniform mixture of T x Q "
               "linear models, one drawn per decision");
  options.Integer("ideal-rounds", &o->ideal_options.rounds, "soft-groups --ideal: T, lambda steps",
                  OptionCheck::Positive());
  options.Integer("ideal-inner", &o->ideal_options.inner,
                  "soft-groups --ideal: Q, best-response iterates per lambda step",
                  OptionCheck::Positive());
  options.Integer("oracle-steps", &o->ideal_options.oracle_steps,
                  "soft-groups --ideal: Adam steps of the theta oracle per iterate",
                  OptionCheck::Positive());
  options.Number("table-rate", &o->ideal_options.table_rate,
                 "soft-groups --ideal: ascent rate of the soft-assignment tables",
                 OptionCheck::Positive());
}

// The ideal algorithm's members as the runtime's mixture rule: the scorer
// contributes nothing, each member adds its own bias and terms and is
// positive iff its margin is > 0; every member has probability 1 / K.
void FillMixture(const TrainingSet& set, const host::noisy_groups::IdealFit& fit,
                 tinyfair::Model& model) {
  set.encoder.FillScorer(Eigen::VectorXd::Zero(set.design.cols()), 0.0, set.use,
                         model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::IDENTITY);
  std::vector<host::model::MixtureMember> members(fit.members.size());
  for (size_t k = 0; k < fit.members.size(); ++k) {
    set.encoder.FillScorer(fit.members[k].weights, fit.members[k].bias, set.use,
                           &members[k].scorer);
    members[k].probability = 1.0f / static_cast<float>(fit.members.size());
    members[k].threshold = std::numeric_limits<float>::min();
  }
  host::model::SetMixtureRule(
      members, tinyfair::MixtureRule::CLASSIFY,
      {"--ideal", "use fewer members (--ideal-rounds x --ideal-inner) or inputs"}, model);
}

// The --sensitive columns, as the provenance names the observed group.
std::string ObservedGroupColumns(const TrainOptions& t) {
  std::string columns;
  for (const auto& name : t.sensitive) columns += (columns.empty() ? "" : ",") + name;
  return columns;
}

// What the noise sources (--noise-model's columns, --true-group's values)
// call the observed groups: the categories of one --sensitive column, or
// the model's group names ("sex=F & race=b") for several.
std::vector<std::string> ObservedGroupNames(const TrainingSet& set, const tinyfair::Model& model) {
  if (set.groups.attribute_count() != 1) return set.groups.names();
  const tinyfair::Input& input = model.inputs(static_cast<int>(model.groups().attribute_inputs(0)));
  return {input.categories().begin(), input.categories().end()};
}

// The observed group of every training row (the --sensitive columns).
std::vector<int> NoisyGroups(const TrainingSet& set, const NoisyGroupMethodOptions& o,
                             int& group_count) {
  const TrainOptions& t = set.options;
  if (!o.noisy_group.empty() && (t.sensitive.size() != 1 || o.noisy_group != t.sensitive[0])) {
    throw std::invalid_argument("--noisy-group '" + o.noisy_group +
                                "' must be the --sensitive column '" + ObservedGroupColumns(t) +
                                "': the device decides with the group it observes");
  }
  group_count = static_cast<int>(set.groups.group_count());
  std::vector<int> groups;
  for (const uint32_t g : set.groups.rows()) groups.push_back(static_cast<int>(g));
  return groups;
}

// P(G^ = k) on the training rows.
Eigen::VectorXd NoisyMarginal(const std::vector<int>& groups, int group_count) {
  Eigen::VectorXd marginal = Eigen::VectorXd::Zero(group_count);
  for (int g : groups) marginal[g] += 1.0;
  return marginal / static_cast<double>(groups.size());
}

Eigen::MatrixXd ReadNoiseModel(const std::string& path, const std::vector<std::string>& noisy,
                               std::vector<std::string>& true_names) {
  const host::data::CsvTable table = ReadDataCsv(path);
  Eigen::MatrixXd matrix(static_cast<Eigen::Index>(table.rows.size()),
                         static_cast<Eigen::Index>(noisy.size()));
  for (int k = 0; k < static_cast<int>(noisy.size()); ++k) {
    const size_t c = table.column(noisy[static_cast<size_t>(k)]);
    for (size_t r = 0; r < table.rows.size(); ++r) {
      const double value = host::data::ParseNumber(table, r, c);
      if (!(value >= 0.0 && value <= 1.0)) {
        throw host::common::DataError(table.path, table.line_of_row[r], c + 1,
                                      "'" + table.rows[r][c] + "' is not a probability");
      }
      matrix(static_cast<Eigen::Index>(r), k) = value;
    }
  }
  for (const auto& row : table.rows) true_names.push_back(row[0]);
  return matrix;
}

// The joint law of the true and observed groups from whichever source the
// options name (exactly one).
host::noisy_groups::GroupNoiseModel NoiseModel(const TrainingSet& set, const tinyfair::Model& model,
                                               const NoisyGroupMethodOptions& o,
                                               const std::vector<int>& noisy, int noisy_count,
                                               std::vector<std::string>& true_names,
                                               std::string& source) {
  const int sources = (o.noise_rate >= 0.0) + !o.noise_model.empty() + !o.true_group.empty();
  if (sources != 1) {
    throw std::invalid_argument("--method " + set.options.method +
                                " needs exactly one of --noise-rate, --noise-model, --true-group");
  }
  const std::vector<std::string> observed = ObservedGroupNames(set, model);
  const Eigen::VectorXd marginal = NoisyMarginal(noisy, noisy_count);
  if (o.noise_rate >= 0.0) {
    true_names = observed;
    source = "noise rate " + std::to_string(o.noise_rate);
    return host::noisy_groups::GroupNoiseModel::FromFlipRate(marginal, o.noise_rate);
  }
  if (!o.noise_model.empty()) {
    source = "noise model " + o.noise_model;
    return host::noisy_groups::GroupNoiseModel::FromConditional(
        ReadNoiseModel(o.noise_model, observed, true_names), marginal);
  }
  for (const auto& in : model.inputs()) {
    if (in.name() == o.true_group) {
      throw std::invalid_argument("--true-group '" + o.true_group +
                                  "' would be a feature; add it to --ignore");
    }
  }
  const size_t c = set.table.column(o.true_group);
  const host::data::TableColumn true_groups = host::data::AsText(set.table.columns[c]);
  std::vector<int> truth;
  for (size_t r = 0; r < true_groups.size(); ++r) {
    const std::string& cell = true_groups.text(r);
    auto found = std::find(true_names.begin(), true_names.end(), cell);
    if (found == true_names.end()) {
      if (set.table.is_missing_text(cell)) {
        throw host::common::DataError(set.table.path, set.table.line(r), c + 1,
                                      "missing true group in '" + o.true_group + "'");
      }
      true_names.push_back(cell);
      found = true_names.end() - 1;
    }
    truth.push_back(static_cast<int>(found - true_names.begin()));
  }
  // Same names as the observed groups first and in their order, so that
  // true group j and observed group j are the same group (DRO's balls).
  std::vector<std::string> ordered;
  for (const auto& name : observed) {
    if (std::find(true_names.begin(), true_names.end(), name) != true_names.end()) {
      ordered.push_back(name);
    }
  }
  for (const auto& name : true_names) {
    if (std::find(ordered.begin(), ordered.end(), name) == ordered.end()) ordered.push_back(name);
  }
  for (int& t : truth) {
    t = static_cast<int>(
        std::find(ordered.begin(), ordered.end(), true_names[static_cast<size_t>(t)]) -
        ordered.begin());
  }
  true_names = ordered;
  source = "true group column " + o.true_group;
  return host::noisy_groups::GroupNoiseModel::FromGroups(
      truth, noisy, static_cast<int>(true_names.size()), noisy_count);
}

std::string Join(const Eigen::VectorXd& values) {
  std::string text;
  char number[32];
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    std::snprintf(number, sizeof(number), "%s%.4f", i ? " " : "", values[i]);
    text += number;
  }
  return text;
}

host::noisy_groups::NoisyGroupData NoisyGroupDataOf(const TrainingSet& set,
                                                    const NoisyGroupMethodOptions& o,
                                                    int& noisy_count) {
  host::noisy_groups::NoisyGroupData data;
  data.groups = NoisyGroups(set, o, noisy_count);
  data.group_count = noisy_count;
  data.features = set.design.sparseView();
  data.labels = set.labels;
  return data;
}

host::noisy_groups::NoisyGroupOptions NoisyTrainingOptions(const std::string& method,
                                                           const TrainingSet& set,
                                                           const NoisyGroupMethodOptions& o) {
  host::noisy_groups::NoisyGroupOptions options = o.solver;
  options.constraint = ChosenConstraint(set.options);
  options.hinge_slack =
      o.hinge_slack >= 0.0 ? o.hinge_slack : (method == "soft-groups" ? 0.0 : 1.0);
  const int iterations = o.solver.iterations;
  if (iterations < 1) throw std::invalid_argument("--iterations must be at least 1");
  options.adversary = o.adversary == "reference-code"
                          ? host::noisy_groups::NoisyGroupOptions::Adversary::kReferenceCode
                          : host::noisy_groups::NoisyGroupOptions::Adversary::kExact;
  const bool tty = ProgressToTerminal();
  options.progress = [tty, iterations](int t) {
    ReportProgress(t, iterations);
    if (tty && (t % 50 == 0 || t == iterations)) {
      std::fprintf(stderr, "\r  iteration %d / %d", t, iterations);
      if (t == iterations) std::fprintf(stderr, "\n");
    }
  };
  return options;
}

host::noisy_groups::NoisyGroupFit FitDro(const NoisyGroupMethodOptions& o,
                                         const host::noisy_groups::NoisyGroupData& data,
                                         const host::noisy_groups::GroupNoiseModel& noise,
                                         int noisy_count, const std::string& source,
                                         const host::noisy_groups::NoisyGroupOptions& options,
                                         std::string& detail) {
  if (noise.true_count() != noisy_count) {
    throw std::invalid_argument("--method dro needs the same groups observed and true (" +
                                std::to_string(noisy_count) + " observed, " +
                                std::to_string(noise.true_count()) + " true)");
  }
  const Eigen::VectorXd radii = o.gamma_rule == "paper" ? noise.PaperRadii() : noise.BoundRadii();
  detail = ", " + source + ", gamma (" + o.gamma_rule + ") " + Join(radii);
  Note("train: DRO TV radii per group (" + o.gamma_rule + "): " + Join(radii));
  return host::noisy_groups::TrainDro(data, radii, options);
}

// The ideal algorithm's mixture must fit the device, checked before
// training: returns its member count.
int CheckIdealCapacity(const NoisyGroupMethodOptions& o, const tinyfair::Model& model) {
  const int members = o.ideal_options.rounds * o.ideal_options.inner;
  if (o.ideal_options.rounds < 1 || o.ideal_options.inner < 1 || o.ideal_options.oracle_steps < 1) {
    throw std::invalid_argument(
        "--ideal needs --ideal-rounds, --ideal-inner and --oracle-steps >= 1");
  }
  host::model::RequireMixtureCapacity(
      static_cast<size_t>(members), host::model::DeviceMixtureCapacity(model), "--ideal",
      "use fewer members (--ideal-rounds x --ideal-inner) or inputs");
  return members;
}

// Soft groups, ideal algorithm: fills the model with the mixture and returns
// the summary line.
std::string FitIdealSoftGroups(const TrainingSet& set, const NoisyGroupMethodOptions& o,
                               const host::noisy_groups::NoisyGroupData& data,
                               const Eigen::MatrixXd& conditional,
                               const host::noisy_groups::NoisyGroupOptions& options,
                               const std::string& detail, tinyfair::Model& model) {
  const int members = CheckIdealCapacity(o, model);
  const host::noisy_groups::IdealFit ideal =
      host::noisy_groups::TrainSoftGroupsIdeal(data, conditional, options, o.ideal_options);
  double error = 0.0, violation = 0.0;
  for (size_t member = 0; member < ideal.members.size(); ++member) {
    error += ideal.error[member] / static_cast<double>(members);
    violation += ideal.violation[member] / static_cast<double>(members);
  }
  char line[200];
  std::snprintf(line, sizeof(line),
                "train: soft-groups ideal: %d members, mean train error %.4f, mean of the "
                "members' max worst-case violations %.4f",
                members, error, violation);
  Note(line);
  FitStop stop;
  stop.iterations = o.ideal_options.rounds * o.ideal_options.inner;
  stop.fixed_iterations = true;
  stop.measure = "mean of the members' max worst-case violations (alpha included)";
  stop.value = violation;
  stop.bound = 0.0;
  ReportFitStop("train", "soft-groups ideal", stop, set.options.strict);
  FillMixture(set, ideal, model);
  std::snprintf(line, sizeof(line),
                ", ideal algorithm: T %d, Q %d, oracle steps %d, table rate %.4g, "
                "%d members, mean train error %.4f",
                o.ideal_options.rounds, o.ideal_options.inner, o.ideal_options.oracle_steps,
                o.ideal_options.table_rate, members, error);
  return "train: soft-groups (" + set.options.constraint + "), data " +
         host::model::DataFileProvenance(set.options.data) + ", label " + set.options.label.label +
         ", observed group " + ObservedGroupColumns(set.options) + detail + line;
}

// The linear scorer into the model, positive iff margin > 0: the rule is
// margin >= the smallest positive float, the same set of floats.
void SetMarginRule(const TrainingSet& set, const host::noisy_groups::NoisyGroupFit& fit,
                   tinyfair::Model& model) {
  set.encoder.FillScorer(fit.scorer.weights, fit.scorer.bias, set.use, model.mutable_scorer());
  model.mutable_scorer()->set_link(tinyfair::LinearScorer::IDENTITY);
  // Positive iff margin > 0: the rule is margin >= the smallest normal
  // float, the same set of floats but the subnormals, which the device
  // refuses in a model (a core that flushes them to zero reads them as 0).
  auto* rule = model.mutable_threshold();
  for (size_t g = 0; g < model.dimensions().group_count(); ++g) {
    rule->add_threshold(std::numeric_limits<float>::min());
  }
}

std::string NoisyFitSummary(const std::string& method, const TrainingSet& set,
                            const NoisyGroupMethodOptions& o,
                            const host::noisy_groups::NoisyGroupOptions& options,
                            const host::noisy_groups::NoisyGroupFit& fit,
                            const std::string& detail) {
  char summary[240];
  std::snprintf(summary, sizeof(summary),
                ", alpha %.4g, hinge slack %.4g, iterations %d, rates theta %.4g lambda %.4g "
                "weights %.4g%s, R %.4g, iterate %d, train error %.4f, own violation %.4f",
                options.alpha, options.hinge_slack, options.iterations, options.theta_rate,
                options.lambda_rate, options.weight_rate,
                method != "naive" && o.adversary != "exact" ? " (reference-code adversary)" : "",
                options.lambda_radius, fit.iteration, fit.train_error, fit.train_violation);
  return "train: " + method + " (" + set.options.constraint + "), data " +
         host::model::DataFileProvenance(set.options.data) + ", label " + set.options.label.label +
         ", observed group " + ObservedGroupColumns(set.options) + detail + summary;
}

std::string FitNoisyGroups(const std::string& method, const NoisyGroupMethodOptions& bound,
                           const TrainingSet& set, tinyfair::Model& model) {
  NoisyGroupMethodOptions o = bound;
  if (set.options.iterations > 0) o.solver.iterations = set.options.iterations;
  int noisy_count = 0;
  const host::noisy_groups::NoisyGroupData data = NoisyGroupDataOf(set, o, noisy_count);
  const host::noisy_groups::NoisyGroupOptions options = NoisyTrainingOptions(method, set, o);

  std::string detail;
  const auto start = std::chrono::steady_clock::now();
  host::noisy_groups::NoisyGroupFit fit;
  if (method == "naive") {
    if (o.noise_rate >= 0.0 || !o.noise_model.empty() || !o.true_group.empty() || o.ideal) {
      throw std::invalid_argument(
          "--method naive constrains the observed groups and takes no "
          "--noise-rate, --noise-model, --true-group or --ideal");
    }
    fit = host::noisy_groups::TrainNaive(data, options);
  } else {
    if (o.ideal && method != "soft-groups") {
      throw std::invalid_argument("--ideal is an algorithm of --method soft-groups");
    }
    std::vector<std::string> true_names;
    std::string source;
    const host::noisy_groups::GroupNoiseModel noise =
        NoiseModel(set, model, o, data.groups, noisy_count, true_names, source);
    if (method == "dro") {
      fit = FitDro(o, data, noise, noisy_count, source, options, detail);
    } else {
      const Eigen::MatrixXd conditional = noise.TrueGivenNoisy();
      detail = ", " + source;
      for (Eigen::Index j = 0; j < conditional.rows(); ++j) {
        Note("train: P(G=" + true_names[static_cast<size_t>(j)] +
             " | G^) = " + Join(conditional.row(j).transpose()));
      }
      if (o.ideal) return FitIdealSoftGroups(set, o, data, conditional, options, detail, model);
      fit = host::noisy_groups::TrainSoftGroups(data, conditional, options);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[300];
  std::snprintf(line, sizeof(line),
                "train: %s (%s, alpha %.4g) %d iterations in %.2f s; iterate %d of %d candidates, "
                "train error %.4f, own max violation %.4f%s",
                method.c_str(), set.options.constraint.c_str(), options.alpha, options.iterations,
                seconds, fit.iteration, static_cast<int>(fit.candidates.size()), fit.train_error,
                fit.train_violation,
                fit.feasible ? "" : " (NO feasible candidate: the least violating one)");
  Note(line);
  FitStop stop;
  stop.iterations = options.iterations;
  stop.fixed_iterations = true;
  stop.measure = "chosen iterate's own max violation (alpha included)";
  stop.value = fit.train_violation;
  stop.bound = 0.0;
  stop.detail =
      host::common::FormatText("iterate %d of %d candidates, train error %.4f", fit.iteration,
                               static_cast<int>(fit.candidates.size()), fit.train_error);
  ReportFitStop("train", method, stop, set.options.strict);
  SetMarginRule(set, fit, model);
  return NoisyFitSummary(method, set, o, options, fit, detail);
}

TrainMethod NoisyGroupMethod(const std::string& name, const std::string& help,
                             const std::shared_ptr<NoisyGroupMethodOptions>& options) {
  TrainMethod method;
  method.name = name;
  method.help = help;
  method.constraints = {metrics::FairnessConstraint::kEqualOpportunity,
                        metrics::FairnessConstraint::kEqualizedOdds};
  method.sensitive_is_feature = true;
  method.fit = [name, options](const TrainingSet& set, tinyfair::Model& model) {
    return FitNoisyGroups(name, *options, set, model);
  };
  return method;
}

}  // namespace

// One set of options for the three methods, bound by the first: each call
// makes its own, so that two fits in one process never share a value.
std::vector<TrainMethod> NoisyGroupTrainMethods() {
  auto options = std::make_shared<NoisyGroupMethodOptions>();
  TrainMethod naive = NoisyGroupMethod(
      "naive", "linear, rate constraints on the observed (noisy) --sensitive groups", options);
  naive.add_options = [options](OptionBinder& binder) { AddNoisyGroupOptions(options, binder); };
  return {naive,
          NoisyGroupMethod("dro",
                           "linear, rate constraints robust over a TV ball around each observed "
                           "group (true-group guarantee from the noise)",
                           options),
          NoisyGroupMethod("soft-groups",
                           "linear, rate constraints robust over soft group assignments "
                           "consistent with the noise model P(G | G^)",
                           options)};
}

}  // namespace tinyfair::host::fit
