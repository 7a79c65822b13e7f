#include "host_tools/fit/data_notes.h"

#include <algorithm>
#include <cstdio>

#include "host_tools/data/input_encoder.h"
#include "host_tools/data/label_values.h"
#include "host_tools/data/unlisted_values.h"
#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {

void NoteNegativeLabelValues(const std::string& command, const data::ColumnTable& table,
                             const LabelOptions& label) {
  if (label.positive.empty()) return;
  auto counts = data::LabelValueCounts(table, label.label);
  counts.erase(std::remove_if(counts.begin(), counts.end(),
                              [&](const auto& value) {
                                return std::find(label.positive.begin(), label.positive.end(),
                                                 value.first) != label.positive.end();
                              }),
               counts.end());
  if (counts.size() < 2) return;
  Note(command + ": label column '" + label.label + "' holds " + std::to_string(counts.size()) +
       " values besides the positive ones, all counted as negative: " +
       data::DescribeLabelValues(counts) + " (name every positive value with --positive)");
}

void NoteUnlistedValues(const std::string& command, const tinyfair::Model& model,
                        const data::ColumnTable& table) {
  for (const auto& line : data::DescribeUnlistedValues(data::FindUnlistedValues(model, table))) {
    Note(command + ": " + table.path + ": " + line);
  }
}

void CheckTableForModel(const std::string& command, const tinyfair::Model& model,
                        const data::ColumnTable& table) {
  data::CheckGroupsKnown(model, table);
  NoteUnlistedValues(command, model, table);
}

void NoteImputedMissingValues(const tinyfair::Input& input, uint64_t missing) {
  if (missing == 0) return;
  char mean[32];
  std::snprintf(mean, sizeof(mean), "%.6g", static_cast<double>(input.offset()));
  Note("train: column '" + input.name() + "': " + std::to_string(missing) + " missing value" +
       (missing == 1 ? "" : "s") + " imputed with the mean " + mean +
       " (the device refuses rows with a missing value: non_finite_input)");
}

}  // namespace tinyfair::host::fit
