// tinyfair postprocess: make a scorer's decisions fair without retraining.
// The scorer is a model from `train`, or any black-box model's scores in a
// CSV column. Fitted on a sample distinct from the scorer's training data,
// on the scores the device itself computes.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <variant>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/selection_check.h"
#include "host_tools/cli/small_group_flags.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/model/score_model.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/postprocessing/streamed_rto_fit.h"
#include "host_tools/simulate/score_through_runtime.h"
#include "host_tools/simulate/streamed_scoring.h"

namespace tinyfair::cli {
namespace {

struct PostprocessOptions {
  std::string model, data, validation, out = "fair_model.json", method = "rto", rho = "auto",
                                       score_column, score_kind = "probability";
  LabelOptions label;
  SmallGroupFlags small_groups;
  std::string unprivileged;
  std::vector<std::string> sensitive, strata;
  bool covariance = false, stream = false, strict = false;
  // The library's options (every default there): the fit, and the grid
  // --validation selects the ramp on.
  host::postprocessing::PostprocessorOptions fit;
  host::postprocessing::RtoSelectionOptions selection;
};

// The names of the inputs that form the model's groups.
std::vector<std::string> GroupAttributes(const tinyfair::Model& model) {
  std::vector<std::string> names;
  for (uint32_t index : model.groups().attribute_inputs())
    names.push_back(model.inputs(index).name());
  return names;
}

// The fitted ramp: thresholds per group and the width.
struct RampFit {
  std::vector<double> thresholds;
  double gamma = 0.0;
  double rho = 0.0;
};

// The optimizer's options for one (gamma, rho offset): each group's rho is
// --rho, or with 'auto' the label rate of its stratum (the last group
// attributes), plus the offset.
host::postprocessing::RtoOptions RampOptions(const PostprocessOptions& o,
                                             const host::data::GroupIndex& groups, double gamma,
                                             double rho_offset,
                                             const std::vector<double>& stratum_rate,
                                             size_t group_count) {
  host::postprocessing::RtoOptions options = o.fit.rto;
  options.gamma = gamma;
  options.rho_by_group.clear();
  for (size_t g = 0; g < group_count; ++g) {
    const size_t stratum =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    const double base = o.rho == "auto" ? stratum_rate[stratum] : std::stod(o.rho);
    options.rho_by_group.push_back(std::clamp(base + rho_offset, 0.0, 1.0));
  }
  return options;
}

class RampFitter {
 public:
  RampFitter(const PostprocessOptions& o, const host::data::ScoredSample& sample,
             size_t group_count, const host::data::GroupIndex& groups,
             const host::postprocessing::FittingGroups& plan)
      : o_(o),
        sample_(sample),
        group_count_(group_count),
        groups_(groups),
        strata_count_(groups.StratumCount(o.strata.size())),
        plan_(plan) {
    // Label rate per stratum (the last group attributes), and overall.
    std::vector<double> positives(strata_count_, 0.0), counts(strata_count_, 0.0);
    for (size_t i = 0; i < sample.groups.size(); ++i) {
      const size_t s = groups.SensitiveAndStratum(sample.groups[i], o.strata.size()).trailing;
      positives[s] += sample.labels.empty() ? 0.0 : sample.labels[i];
      counts[s] += 1.0;
    }
    for (size_t s = 0; s < strata_count_; ++s) {
      stratum_rate_.push_back(counts[s] > 0.0 ? positives[s] / counts[s] : 0.0);
    }
  }

  RampFit Fit(double gamma, double rho_offset) const {
    RampFit fit;
    fit.gamma = gamma;
    if (o_.covariance) {
      // Binary sensitive attribute first, strata after: cell = s * strata + k.
      std::vector<uint8_t> in_s;
      std::vector<uint32_t> strata;
      for (uint32_t g : sample_.groups) {
        const runtime::GroupSplit split = groups_.SensitiveAndStratum(g, o_.strata.size());
        in_s.push_back(split.leading == 1 ? 1 : 0);
        strata.push_back(split.trailing);
      }
      fit.thresholds = host::postprocessing::FitCovarianceControl(
                           sample_.scores, in_s, strata, strata_count_, gamma, o_.fit.rto.epsilon)
                           .thresholds;
      return fit;
    }
    // Targets from every row of each stratum, so that merged and pooled
    // groups aim at the same rate as the rest.
    fit.rho = RampOptions(o_, groups_, gamma, rho_offset, stratum_rate_, 1).rho_by_group.front();
    host::postprocessing::PostprocessorOptions options = o_.fit;
    options.rto = RampOptions(o_, groups_, gamma, rho_offset, stratum_rate_, group_count_);
    fit.thresholds =
        std::get<host::model::RampRuleFit>(
            host::postprocessing::FindPostprocessor("rto").fit(sample_, plan_, options).rule)
            .thresholds;
    return fit;
  }

 private:
  const PostprocessOptions& o_;
  const host::data::ScoredSample& sample_;
  size_t group_count_;
  const host::data::GroupIndex& groups_;
  size_t strata_count_;
  const host::postprocessing::FittingGroups& plan_;
  std::vector<double> stratum_rate_;
};

// Expected accuracy and parity gap on a scored sample of a rule that says
// positive for row i with probability `positive(i)`.
template <typename PositiveProbability>
std::pair<double, double> AccuracyAndGap(const host::data::ScoredSample& sample, size_t group_count,
                                         const PositiveProbability& positive_probability) {
  double correct = 0.0;
  std::vector<double> positive(group_count, 0.0), count(group_count, 0.0);
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    const uint32_t g = sample.groups[i];
    const double h = positive_probability(i);
    correct += sample.labels[i] == 1 ? h : 1.0 - h;
    positive[g] += h;
    count[g] += 1.0;
  }
  double low = 1.0, high = 0.0;
  for (size_t g = 0; g < group_count; ++g) {
    if (count[g] == 0.0) continue;
    low = std::min(low, positive[g] / count[g]);
    high = std::max(high, positive[g] / count[g]);
  }
  return {correct / static_cast<double>(sample.scores.size()), high - low};
}

// Expected accuracy and parity gap of a ramp on a scored sample.
std::pair<double, double> ExpectedAccuracyAndGap(const RampFit& fit,
                                                 const host::data::ScoredSample& sample,
                                                 size_t group_count) {
  return AccuracyAndGap(sample, group_count, [&](size_t i) {
    return std::clamp((sample.scores[i] - fit.thresholds[sample.groups[i]]) / fit.gamma, 0.0, 1.0);
  });
}

// Accuracy and parity gap of the input model's own decisions (positive when
// its score f >= 0, i.e. probability >= 1/2) on a scored sample: the
// baseline a fair rule must not be worse than.
std::pair<double, double> InputModelAccuracyAndGap(const host::data::ScoredSample& sample,
                                                   size_t group_count) {
  return AccuracyAndGap(sample, group_count,
                        [&](size_t i) { return sample.scores[i] >= 0.0 ? 1.0 : 0.0; });
}

// The selected rule against its gap target and the input model on
// validation data; a fair rule with a larger gap than the model it corrects
// is said out loud.
void CompareWithInputModel(const PostprocessOptions& o, const host::data::ScoredSample& validation,
                           size_t group_count, double gap) {
  const auto [input_accuracy, input_gap] = InputModelAccuracyAndGap(validation, group_count);
  Note(
      host::common::FormatText("postprocess: the input model on %s: accuracy %.4f, parity gap %.4f",
                               o.validation.c_str(), input_accuracy, input_gap));
  size_t smallest = validation.groups.size();
  for (size_t n : host::postprocessing::RowsPerGroup(validation, group_count))
    smallest = n > 0 ? std::min(smallest, n) : smallest;
  CheckSelectionOnValidation(
      {"postprocess", o.validation, gap, input_gap, o.selection.max_validation_gap, smallest},
      o.strict);
}

tinyfair::Model ScoringModel(const PostprocessOptions& o, const host::data::CsvTable& table) {
  tinyfair::Model model;
  std::vector<std::string> attributes = o.sensitive;
  if (o.model.empty()) {
    if (o.score_column.empty() || o.sensitive.empty()) {
      throw std::invalid_argument("without --model, give --score-column and --sensitive");
    }
    std::vector<std::string> categorical = o.sensitive;
    categorical.insert(categorical.end(), o.strata.begin(), o.strata.end());
    model =
        host::model::ScoreOnlyModel(table, o.score_column,
                                    o.score_kind == "margin" ? host::model::ScoreKind::kMargin
                                                             : host::model::ScoreKind::kProbability,
                                    categorical);
  } else {
    model = host::model::ReadModel(o.model);
    if (attributes.empty()) attributes = GroupAttributes(model);
  }
  attributes.insert(attributes.end(), o.strata.begin(), o.strata.end());
  host::model::PrepareScoringModel(attributes, model);
  return model;
}

void WriteRampModel(const PostprocessOptions& o, const RampFit& fit, const std::string& how,
                    size_t rows, double seconds,
                    const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
                    tinyfair::Model& model);
void PostprocessStreamed(const PostprocessOptions& o);

// The model's group called `name`, for --unprivileged.
uint32_t GroupNamed(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw std::invalid_argument("no group called '" + name + "'");
  return static_cast<uint32_t>(it - names.begin());
}

// What the fit measured on the fitting sample, before the rule is set.
void NoteFitting(const PostprocessOptions& o, const host::postprocessing::PostprocessorFit& fit,
                 const std::vector<std::string>& names) {
  if (o.method == "roc") {
    Note(host::common::FormatText(
        "postprocess: roc theta %.2f, unprivileged %s, fitting gap %.4f%s, accuracy %.4f",
        fit.roc.theta, names[fit.unprivileged_group].c_str(), fit.roc.parity_gap,
        fit.roc.reached_target ? "" : " (bias target not reached: minimum-bias theta)",
        fit.roc.accuracy));
  }
  for (const host::postprocessing::ShiftInferenceFit& shift : fit.shift) {
    const size_t count = shift.thresholds.size();
    Note(host::common::FormatText(
        "postprocess: shift inference on %zu group%s, fitting gap %.4f, accuracy %.4f", count,
        count == 1 ? "" : "s", shift.parity_gap, shift.accuracy));
  }
}

// Per group, the fitted rule and the rate the device decides at.
void NoteGroups(const PostprocessOptions& o, const host::postprocessing::PostprocessorFit& fit,
                const host::postprocessing::FittingGroups& plan,
                const std::vector<std::string>& names, const std::vector<double>& rates) {
  const auto* thresholds = std::get_if<host::model::ThresholdRuleFit>(&fit.rule);
  for (size_t g = 0; g < names.size(); ++g) {
    if (thresholds != nullptr) {
      Note(host::common::FormatText("  %-40s threshold on p %.6f  rate %.6f", names[g].c_str(),
                                    (thresholds->thresholds[g] + 1.0) / 2.0, rates[g]));
      continue;
    }
    // A merged or pooled group's rates are those of the rows its rule was fitted on.
    const bool shared =
        !plan.identity() &&
        (plan.of_group[g] == host::postprocessing::FittingGroups::kPooled ||
         std::count(plan.of_group.begin(), plan.of_group.end(), plan.of_group[g]) > 1);
    Note(host::common::FormatText("  %-40s selection %.6f  TPR %.6f  FPR %.6f%s", names[g].c_str(),
                                  fit.selection_rates[g], fit.true_positive_rates[g],
                                  fit.false_positive_rates[g],
                                  shared ? "  (of the rows its rule shares)" : ""));
  }
  if (thresholds == nullptr) {
    Note(host::common::FormatText("postprocess: %s, fitting accuracy %.4f", o.method.c_str(),
                                  fit.accuracy));
  }
}

// Hardt et al. (demographic parity or equalized odds), reject option
// classification or shift inference: fitted through the registry, with
// reference rates as the device decides on the fitting data.
void PostprocessWithRegistry(const PostprocessOptions& o, const host::data::CsvTable& table,
                             const host::data::ScoredSample& fitting,
                             const host::postprocessing::FittingGroups& plan,
                             tinyfair::Model& model) {
  if (fitting.labels.empty())
    throw std::invalid_argument("--method " + o.method + " needs --label");
  const auto names = GroupNames(model);
  host::postprocessing::PostprocessorOptions options = o.fit;
  if (!o.unprivileged.empty()) options.unprivileged = GroupNamed(names, o.unprivileged);
  const host::postprocessing::PostprocessorFit fit =
      host::postprocessing::FindPostprocessor(o.method).fit(fitting, plan, options);
  NoteFitting(o, fit, names);
  host::model::SetFittedRule(fit.rule, model);
  model.set_model_id(model.model_id().substr(0, 24) + "+" + o.method);
  const std::vector<double> rates = host::simulate::ExpectedPositiveRates(model, table);
  NoteGroups(o, fit, plan, names, rates);
  host::model::FinishAndWriteModel(
      {"", rates, model.provenance() + "; postprocess: " + o.method + ", data " + o.data}, o.out,
      model);
  Note("postprocess: wrote " + o.out);
}

// The most accurate ramp of the (gamma, rho) grid on validation data whose
// parity gap is within --max-validation-gap.
RampFit SelectRampOnValidation(const PostprocessOptions& o, const RampFitter& fitter,
                               const tinyfair::Model& model, size_t group_count) {
  const host::data::ScoredSample validation = host::simulate::ScoreThroughRuntime(
      model, ReadDataCsv(o.validation), o.label.label, o.label.positive);
  RampFit fit, fairest;
  double best_accuracy = -1.0, best_gap = 0.0, fairest_gap = 2.0, fairest_accuracy = 0.0;
  size_t fits = 0;
  const std::vector<double> offsets =
      o.covariance ? std::vector<double>{0.0} : o.selection.rho_offsets;
  for (double gamma : o.selection.gammas) {
    for (double offset : offsets) {
      const RampFit candidate = fitter.Fit(gamma, offset);
      ++fits;
      const auto [accuracy, gap] = ExpectedAccuracyAndGap(candidate, validation, group_count);
      if (gap <= o.selection.max_validation_gap && accuracy > best_accuracy) {
        best_accuracy = accuracy;
        best_gap = gap;
        fit = candidate;
      }
      if (gap < fairest_gap) {
        fairest_gap = gap;
        fairest_accuracy = accuracy;
        fairest = candidate;
      }
    }
  }
  if (best_accuracy < 0.0) {  // none meets the target: the fairest, said below
    fit = fairest;
    best_accuracy = fairest_accuracy;
    best_gap = fairest_gap;
  }
  char line[256];
  std::snprintf(line, sizeof(line),
                "postprocess: selected gamma %.4g rho %.4f on %s (%zu fits; validation: "
                "expected accuracy %.4f, parity gap %.4f)",
                fit.gamma, fit.rho, o.validation.c_str(), fits, best_accuracy, best_gap);
  Note(line);
  CompareWithInputModel(o, validation, group_count, best_gap);
  return fit;
}

void Postprocess(const PostprocessOptions& o) {
  if (o.stream) {
    PostprocessStreamed(o);
    return;
  }
  const host::data::CsvTable table = ReadDataCsv(o.data);
  tinyfair::Model model = ScoringModel(o, table);
  const size_t group_count = model.dimensions().group_count();
  const host::data::GroupIndex groups(model);
  const size_t strata_count = groups.StratumCount(o.strata.size());
  if (o.covariance && group_count != 2 * strata_count) {
    throw std::invalid_argument("--covariance needs one binary sensitive attribute");
  }
  const host::data::ScoredSample fitting =
      host::simulate::ScoreThroughRuntime(model, table, o.label.label, o.label.positive);
  NoteUnlistedValues("postprocess", model, table);
  if (fitting.refused > 0) {
    Note("postprocess: " + std::to_string(fitting.refused) +
         " rows refused by the model, left out");
  }
  const host::postprocessing::Postprocessor& method =
      host::postprocessing::FindPostprocessor(o.method);
  host::simulate::RequireEveryGroup(fitting, model, o.data,
                                    method.needs_both_labels ? o.method : "");
  // Covariance control, conditional parity and reject option classification
  // fit on cells of a binary attribute and its strata: a merged or pooled
  // group would break the cells.
  if (o.small_groups.policy != "refuse" &&
      (o.covariance || !o.strata.empty() || method.two_groups_only)) {
    throw std::invalid_argument("--small-groups " + o.small_groups.policy +
                                " does not combine with --covariance, --strata or --method roc "
                                "(they fit on cells of a binary attribute); there, lower "
                                "--min-group-size or merge the categories in the data");
  }
  const host::postprocessing::FittingGroups plan =
      PlanSmallGroups(o.small_groups, fitting, model, o.data, "postprocess");
  if (o.method != "rto") {
    PostprocessWithRegistry(o, table, fitting, plan, model);
    return;
  }
  const RampFitter fitter(o, fitting, group_count, groups, plan);

  const auto start = std::chrono::steady_clock::now();
  const RampFit fit = o.validation.empty() ? fitter.Fit(o.fit.rto.gamma, 0.0)
                                           : SelectRampOnValidation(o, fitter, model, group_count);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WriteRampModel(
      o, fit, host::postprocessing::RtoSolverName(o.fit.rto.solver), fitting.scores.size(), seconds,
      [&table](const tinyfair::Model& m) {
        return host::simulate::ExpectedPositiveRates(m, table);
      },
      model);
}

// Sets the fitted ramp, reports it with the rates the device decides at
// (`rates_of` the finished model: float thresholds) and writes the model.
void WriteRampModel(const PostprocessOptions& o, const RampFit& fit, const std::string& how,
                    size_t rows, double seconds,
                    const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
                    tinyfair::Model& model) {
  host::model::SetRampRule(fit.thresholds, fit.gamma, model);
  model.set_model_id(model.model_id().substr(0, 27) + "+rto");
  const size_t group_count = model.dimensions().group_count();
  const host::data::GroupIndex groups(model);
  char line[256];

  // Reference rates as the device computes them (float thresholds).
  const std::vector<double> rates = rates_of(model);
  const auto names = GroupNames(model);
  std::snprintf(line, sizeof(line),
                "postprocess: %s (%s) gamma %.4g epsilon %.4g, %zu rows, fitted in %.4f s",
                o.covariance ? "rto covariance control" : "rto", how.c_str(), fit.gamma,
                o.fit.rto.epsilon, rows, seconds);
  Note(line);
  for (size_t g = 0; g < group_count; ++g) {
    std::snprintf(line, sizeof(line), "  %-40s threshold %+.6f  fitted rate %.6f", names[g].c_str(),
                  fit.thresholds[g], rates[g]);
    Note(line);
  }
  // Parity holds within each stratum (the last group attributes).
  const size_t strata_count = groups.StratumCount(o.strata.size());
  std::vector<double> low(strata_count, 1.0), high(strata_count, 0.0);
  for (size_t g = 0; g < group_count; ++g) {
    const uint32_t s =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    low[s] = std::min(low[s], rates[g]);
    high[s] = std::max(high[s], rates[g]);
  }
  double worst = 0.0;
  for (size_t s = 0; s < strata_count; ++s) worst = std::max(worst, high[s] - low[s]);
  std::snprintf(line, sizeof(line), "postprocess: parity gap on the fitting sample %.3g%s", worst,
                o.strata.empty() ? "" : " (largest within a stratum)");
  Note(line);
  const std::string provenance = model.provenance() + "; postprocess: rto" +
                                 (o.covariance ? " covariance" : "") + ", data " + o.data +
                                 ", gamma " + std::to_string(fit.gamma) + ", epsilon " +
                                 std::to_string(o.fit.rto.epsilon) + ", solver " + how;
  host::model::FinishAndWriteModel({"", rates, provenance}, o.out, model);
  Note("postprocess: wrote " + o.out);
}

// --stream: the ramp fitted from per-group score histograms gathered a
// block of rows at a time (host/streamed_rto_fit.h), the fitting file read
// twice (to fit, then for the reference rates) and never held whole.
// --stream fits each group on its own histogram: groups below
// --min-group-size are refused (the in-memory fit pools or merges them).
void RequireStreamedGroupsLargeEnough(const PostprocessOptions& o,
                                      const std::vector<size_t>& group_rows,
                                      const tinyfair::Model& model) {
  if (o.small_groups.policy != "refuse") {
    throw std::invalid_argument(
        "--stream takes --small-groups refuse only (pooled or merged "
        "groups are fitted without --stream)");
  }
  host::postprocessing::SmallGroupOptions options;
  options.min_group_size = o.small_groups.min_group_size;
  host::postprocessing::PlanFittingGroups(group_rows, GroupNames(model), o.data, options);
}

void PostprocessStreamed(const PostprocessOptions& o) {
  if (o.method != "rto" || o.covariance || !o.validation.empty() || o.model.empty()) {
    throw std::invalid_argument(
        "--stream fits --method rto with a --model on --data; it takes no --covariance, "
        "--validation or --score-column");
  }
  tinyfair::Model model = ScoringModel(o, host::data::CsvTable{});
  const size_t group_count = model.dimensions().group_count();
  const host::data::GroupIndex groups(model);
  const size_t strata_count = groups.StratumCount(o.strata.size());
  std::FILE* progress = host::simulate::ProgressStreamIfTerminal();
  const auto start = std::chrono::steady_clock::now();
  host::postprocessing::ScoreHistograms histograms(group_count);
  size_t refused = 0;
  const size_t rows = host::simulate::ScoreFileInBlocks(
      model, o.data, o.label.label, o.label.positive,
      [&](const host::data::ScoredSample& block) {
        histograms.Add(block);
        refused += block.refused;
      },
      progress);
  if (refused > 0) {
    Note("postprocess: " + std::to_string(refused) + " rows refused by the model, left out");
  }
  host::data::ScoredSample one_per_group;  // the groups seen, for the same message
  std::vector<double> positives(strata_count, 0.0), counts(strata_count, 0.0);
  for (size_t g = 0; g < group_count; ++g) {
    if (histograms.examples(g) > 0) one_per_group.groups.push_back(static_cast<uint32_t>(g));
    const uint32_t s =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    positives[s] += static_cast<double>(histograms.positives(g));
    counts[s] += static_cast<double>(histograms.examples(g));
  }
  host::simulate::RequireEveryGroup(one_per_group, model, o.data);
  std::vector<size_t> group_rows;
  for (size_t g = 0; g < group_count; ++g) group_rows.push_back(histograms.examples(g));
  RequireStreamedGroupsLargeEnough(o, group_rows, model);
  std::vector<double> stratum_rate;
  for (size_t s = 0; s < strata_count; ++s) {
    stratum_rate.push_back(counts[s] > 0.0 ? positives[s] / counts[s] : 0.0);
  }
  const host::postprocessing::StreamedRtoFit streamed =
      host::postprocessing::FitRandomizedThresholdOptimizer(
          histograms, RampOptions(o, groups, o.fit.rto.gamma, 0.0, stratum_rate, group_count));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double bound =
      *std::max_element(streamed.rate_error_bounds.begin(), streamed.rate_error_bounds.end());
  char line[160];
  std::snprintf(line, sizeof(line),
                "postprocess: streamed, %zu rows read; histogram rates within %.3g of the "
                "rates on the rows",
                rows, bound);
  Note(line);
  RampFit fit;
  fit.thresholds = streamed.fit.thresholds;
  fit.gamma = o.fit.rto.gamma;
  WriteRampModel(
      o, fit, std::string(host::postprocessing::RtoSolverName(o.fit.rto.solver)) + ", streamed",
      rows - refused, seconds,
      [&](const tinyfair::Model& m) {
        return host::simulate::ExpectedPositiveRatesOfFile(m, o.data, progress);
      },
      model);
}

}  // namespace

void AddPostprocessCommand(CLI::App& app) {
  auto o = std::make_shared<PostprocessOptions>();
  auto* command =
      app.add_subcommand("postprocess", "Make a model's decisions fair without retraining");
  command->add_option("--model", o->model, "Model from train (JSON or .pb); or use --score-column")
      ->check(CLI::ExistingFile);
  command->add_option("--data", o->data, "Fitting CSV, distinct from the scorer's training data")
      ->required()
      ->check(CLI::ExistingFile);
  command->add_option("--score-column", o->score_column,
                      "Post-process scores of any model: the CSV column holding them");
  command->add_option("--score-kind", o->score_kind, "probability (in [0,1]) or margin (any real)")
      ->check(CLI::IsMember({"probability", "margin"}));
  command
      ->add_option("--sensitive", o->sensitive,
                   "Sensitive column(s) forming the groups (default: the model's groups)")
      ->delimiter(',');
  command
      ->add_option("--strata", o->strata,
                   "Column(s) within whose categories parity must hold (conditional parity)")
      ->delimiter(',');
  command->add_flag("--covariance", o->covariance,
                    "Control the covariance of the decision and a binary sensitive attribute "
                    "(within --strata) instead of parity at a common rate");
  AddLabelOptions(*command, o->label, false);
  std::string methods;
  std::vector<std::string> names;
  for (const host::postprocessing::Postprocessor& p : host::postprocessing::Postprocessors()) {
    methods += (methods.empty() ? "" : ", ") + std::string(p.name) + " (" + p.help + ")";
    names.push_back(p.name);
  }
  command->add_option("--method", o->method, methods)->check(CLI::IsMember(names));
  command->add_option(
      "--unprivileged", o->unprivileged,
      "roc: the group favoured in the band (default: the one the scorer selects least)");
  command->add_option("--bias-target", o->fit.roc.bias_target, "roc: the parity gap to reach")
      ->capture_default_str();
  command->add_option("--gamma", o->fit.rto.gamma, "Ramp width gamma > 0")->capture_default_str();
  command->add_option(
      "--rho", o->rho,
      "Target positive rate in [0,1], or 'auto' (label rate of --data, per stratum)");
  command
      ->add_option("--epsilon", o->fit.rto.epsilon, "Parity (or covariance) tolerance epsilon >= 0")
      ->capture_default_str();
  command
      ->add_option("--validation", o->validation,
                   "Choose gamma and rho on this CSV (grids: --gamma-grid, rho + --rho-offsets)")
      ->check(CLI::ExistingFile);
  command->add_option("--gamma-grid", o->selection.gammas, "Gamma values tried with --validation")
      ->delimiter(',');
  command
      ->add_option("--rho-offsets", o->selection.rho_offsets,
                   "Offsets to rho tried with --validation")
      ->delimiter(',');
  command->add_option(
      "--max-validation-gap", o->selection.max_validation_gap,
      "Only select fits whose expected parity gap on the validation CSV is at most this");
  command->add_option("--solver", o->fit.rto.solver, "exact or sgd (the paper's Algorithm 1)")
      ->transform(
          CLI::CheckedTransformer(std::map<std::string, host::postprocessing::RtoOptions::Solver>{
              {"exact", host::postprocessing::RtoOptions::Solver::kExact},
              {"sgd", host::postprocessing::RtoOptions::Solver::kSgd}}));
  command->add_option("--sgd-steps", o->fit.rto.sgd_steps, "SGD steps")->capture_default_str();
  command->add_option("--seed", o->fit.rto.seed, "Seed")->capture_default_str();
  command->add_flag("--stream", o->stream,
                    "rto: read --data a block of rows at a time and fit from per-group score "
                    "histograms (files too large for memory; progress on a terminal)");
  command->add_option("--out", o->out, "Output model (JSON)");
  AddSmallGroupFlags(*command, o->small_groups);
  command->add_flag("--strict", o->strict,
                    "With --validation: exit with status 3 and write nothing when the selected "
                    "rule's validation parity gap exceeds --max-validation-gap or is larger than "
                    "the input model's");
  command->callback([o] {
    if ((o->rho == "auto" || !o->validation.empty()) && !o->covariance && o->label.label.empty() &&
        o->method == "rto") {
      throw std::invalid_argument(
          "--rho auto and --validation need --label (and --positive unless the label is 0/1)");
    }
    Postprocess(*o);
  });
}

}  // namespace tinyfair::cli
