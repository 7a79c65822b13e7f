#include "host_tools/fit/data_notes.h"

#include <algorithm>

#include "host_tools/data/label_values.h"
#include "host_tools/data/unlisted_values.h"
#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {

void NoteNegativeLabelValues(const std::string& command, const data::CsvTable& table,
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
                        const data::CsvTable& table) {
  for (const auto& line : data::DescribeUnlistedValues(data::FindUnlistedValues(model, table))) {
    Note(command + ": " + table.path + ": " + line);
  }
}

}  // namespace tinyfair::host::fit
