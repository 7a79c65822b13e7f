#include "host_tools/fit/registry_postprocess.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/provenance.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// The model's group called `name`, for --unprivileged.
uint32_t GroupNamed(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    throw std::invalid_argument("unprivileged: no group called '" + name + "'");
  return static_cast<uint32_t>(it - names.begin());
}

// What the fit measured on the fitting sample, before the rule is set.
void NoteFitting(const PostprocessOptions& o, const postprocessing::PostprocessorFit& fit,
                 const std::vector<std::string>& names) {
  if (o.method == "roc") {
    Note(common::FormatText(
        "postprocess: roc theta %.2f, unprivileged %s, fitting gap %.4f%s, accuracy %.4f",
        fit.roc.theta, names[fit.unprivileged_group].c_str(), fit.roc.parity_gap,
        fit.roc.reached_target ? "" : " (bias target not reached: minimum-bias theta)",
        fit.roc.accuracy));
  }
  for (const postprocessing::ShiftInferenceFit& shift : fit.shift) {
    const size_t count = shift.thresholds.size();
    Note(common::FormatText(
        "postprocess: shift inference on %zu group%s, fitting gap %.4f, accuracy %.4f", count,
        count == 1 ? "" : "s", shift.parity_gap, shift.accuracy));
  }
}

// Per group, the fitted rule and the rate the device decides at.
void NoteGroups(const PostprocessOptions& o, const postprocessing::PostprocessorFit& fit,
                const postprocessing::FittingGroups& plan, const std::vector<std::string>& names,
                const std::vector<double>& rates) {
  const auto* thresholds = std::get_if<host::model::ThresholdRuleFit>(&fit.rule);
  for (size_t g = 0; g < names.size(); ++g) {
    if (thresholds != nullptr) {
      Note(common::FormatText("  %-40s threshold on p %.6f  rate %.6f", names[g].c_str(),
                              (thresholds->thresholds[g] + 1.0) / 2.0, rates[g]));
      continue;
    }
    // A merged or pooled group's rates are those of the rows its rule was fitted on.
    const bool shared =
        !plan.identity() &&
        (plan.of_group[g] == postprocessing::FittingGroups::kPooled ||
         std::count(plan.of_group.begin(), plan.of_group.end(), plan.of_group[g]) > 1);
    Note(common::FormatText("  %-40s selection %.6f  TPR %.6f  FPR %.6f%s", names[g].c_str(),
                            fit.selection_rates[g], fit.true_positive_rates[g],
                            fit.false_positive_rates[g],
                            shared ? "  (of the rows its rule shares)" : ""));
  }
  if (thresholds == nullptr) {
    Note(common::FormatText("postprocess: %s, fitting accuracy %.4f", o.method.c_str(),
                            fit.accuracy));
  }
}

}  // namespace

void PostprocessWithRegistry(const PostprocessOptions& o, const data::ColumnTable& table,
                             const data::ScoredSample& fitting,
                             const postprocessing::FittingGroups& plan, tinyfair::Model& model) {
  if (fitting.labels.empty())
    throw std::invalid_argument("--method " + o.method + " needs --label");
  const auto names = GroupNames(model);
  postprocessing::PostprocessorOptions options = o.fit;
  if (!o.unprivileged.empty()) options.unprivileged = GroupNamed(names, o.unprivileged);
  const postprocessing::PostprocessorFit fit =
      postprocessing::FindPostprocessor(o.method).fit(fitting, plan, options);
  FinishWithFittedRule(
      o, fit, plan, o.method,
      [&table](const tinyfair::Model& m) { return simulate::ExpectedPositiveRates(m, table); },
      model);
}

void FinishWithFittedRule(
    const PostprocessOptions& o, const postprocessing::PostprocessorFit& fit,
    const postprocessing::FittingGroups& plan, const std::string& fitted_as,
    const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
    tinyfair::Model& model) {
  const auto names = GroupNames(model);
  NoteFitting(o, fit, names);
  host::model::SetFittedRule(fit.rule, model);
  model.set_model_id(
      host::model::FittedModelId(model.model_id(), "+" + o.method, host::model::CutPart::kHead));
  const std::vector<double> rates = rates_of(model);
  NoteGroups(o, fit, plan, names, rates);
  host::model::FinishModel({"", rates,
                            model.provenance() + "; postprocess: " + fitted_as + ", data " +
                                host::model::DataFileProvenance(o.data),
                            host::model::ProvenanceDetailNamed(o.provenance)},
                           model);
}

}  // namespace tinyfair::host::fit
