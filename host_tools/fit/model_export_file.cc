#include "host_tools/fit/model_export_file.h"

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/metrics/metrics.h"
#include "host_tools/model/integer_scorer.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::fit {
namespace {

using common::FormatText;

// The rows both paths decided, and how often and how much their decisions
// differ there.
void CompareDecisions(const std::vector<runtime::Decision>& before,
                      const std::vector<runtime::Decision>& after, IntegerPathReport& report) {
  for (size_t i = 0; i < before.size() && i < after.size(); ++i) {
    if (!runtime::IsOk(before[i].status) || !runtime::IsOk(after[i].status)) continue;
    ++report.both_decided;
    if (before[i].positive != after[i].positive) ++report.sampled_changes;
    report.expected_change += std::fabs(static_cast<double>(before[i].probability) -
                                        static_cast<double>(after[i].probability));
  }
  if (report.both_decided > 0) {
    report.expected_change /= static_cast<double>(report.both_decided);
  }
}

void NoteReport(const std::string& name, const std::string& data_name, uint64_t seed,
                const IntegerPathReport& r) {
  Note(name + ": " + r.scorer_summary);
  Note(FormatText("%s: %zu rows of %s (seed %llu), %zu decided by both", name.c_str(), r.rows,
                  data_name.c_str(), static_cast<unsigned long long>(seed), r.both_decided));
  Note(FormatText(
      "%s: decisions changed: sampled %zu (%.4f%%, the same draw), expected mean "
      "|p_float - p_int| %.6f",
      name.c_str(), r.sampled_changes,
      r.both_decided
          ? 100.0 * static_cast<double>(r.sampled_changes) / static_cast<double>(r.both_decided)
          : 0.0,
      r.expected_change));
  Note(FormatText("%s: accuracy float %.4f, integer %.4f (change %+.4f)", name.c_str(),
                  r.float_accuracy, r.integer_accuracy, r.integer_accuracy - r.float_accuracy));
  Note(FormatText(
      "%s: DP gap float %.4f, integer %.4f (change %+.4f); expected float %.4f, integer %.4f",
      name.c_str(), r.float_dp_gap, r.integer_dp_gap, r.integer_dp_gap - r.float_dp_gap,
      r.float_expected_dp_gap, r.integer_expected_dp_gap));
}

}  // namespace

void RefuseSignedModelFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string start(2, '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  if (in.gcount() == 2 && model::IsSignedModelFile(start)) {
    throw std::invalid_argument(
        "export: " + path +
        " is a signed model file, which ships as it is; export the model's JSON form to "
        "change or sign it");
  }
}

IntegerPathReport AddIntegerPath(const IntegerPathRequest& request, const std::string& model_name,
                                 const std::string& out, tinyfair::Model& model) {
  if (request.width != "int16" && request.width != "int8") {
    throw std::invalid_argument("export: the integer scorer's width is int16 or int8, not '" +
                                request.width + "'");
  }
  const std::string name = "export --integer " + request.width;
  const data::ColumnTable& table = *request.data;
  // The float model is the reference: a scorer from an earlier export goes.
  model::ClearIntegerScorer(model);
  data::InputEncoder encoder(model.inputs(), table);
  data::CheckGroupsKnown(model, table);
  NoteUnlistedValues("export", model, table);
  const auto labels = data::ReadLabels(table, request.label.label, request.label.positive);
  NoteNegativeLabelValues("export", table, request.label);
  std::vector<float> inputs;
  const auto float_model = simulate::LoadIntoRuntime(model);
  const auto before = simulate::DecideRows(*float_model, encoder, request.seed, 0, &inputs);
  const std::string refused = simulate::RefusedRowsSummary(before, table);
  if (!refused.empty()) Note(name + ": " + refused);
  try {
    model::AddIntegerScorer(
        model, inputs,
        request.width == "int8" ? model::IntegerWidth::kInt8 : model::IntegerWidth::kInt16);
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument(name + ": " + model_name + ": " + error.what());
  }
  const auto integer_model = simulate::LoadIntoRuntime(model);
  const auto after = simulate::DecideRows(*integer_model, encoder, request.seed, 0);
  const std::vector<std::string> groups = GroupNames(model);
  const auto float_report = metrics::EvaluateDecisions(before, labels, groups);
  const auto integer_report = metrics::EvaluateDecisions(after, labels, groups);
  IntegerPathReport report;
  report.scorer_summary = model::IntegerScorerSummary(model);
  report.rows = table.row_count();
  CompareDecisions(before, after, report);
  report.float_accuracy = float_report.accuracy;
  report.integer_accuracy = integer_report.accuracy;
  report.float_dp_gap = float_report.dp_gap;
  report.integer_dp_gap = integer_report.dp_gap;
  report.float_expected_dp_gap = float_report.expected_dp_gap;
  report.integer_expected_dp_gap = integer_report.expected_dp_gap;
  NoteReport(name, table.path, request.seed, report);
  const double gap_change = report.integer_dp_gap - report.float_dp_gap;
  if (std::fabs(gap_change) > request.max_gap_change) {
    throw common::DataError(
        "--max-gap-change", 0, 0,
        FormatText("the integer path changes the DP gap on %s by %+.4f (float %.4f, integer "
                   "%.4f), more than %g: %s not written",
                   table.path.c_str(), gap_change, report.float_dp_gap, report.integer_dp_gap,
                   request.max_gap_change, out.c_str()));
  }
  return report;
}

std::string ExportModelFile(const ExportFileRequest& request, tinyfair::Model& model) {
  if (request.integer) AddIntegerPath(*request.integer, request.model_name, request.out, model);
  const std::string sealed = model::ExportModel(request.settings, model);
  const std::string bytes = request.key ? model::SignSealedModel(sealed, *request.key) : sealed;
  if (!request.out.empty()) {
    common::WriteFileAtomically(request.out, bytes);
    Note(model::ExportSummary(request.out, bytes, model));
  }
  if (request.key) Note(model::SignatureSummary(sealed, model::KeyId(request.key->public_key)));
  return bytes;
}

}  // namespace tinyfair::host::fit
