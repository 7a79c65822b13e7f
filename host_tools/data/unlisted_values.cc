// Counting the values a model's categorical inputs do not list.
#include "host_tools/data/unlisted_values.h"

#include <algorithm>
#include <map>
#include <set>

#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {
namespace {

constexpr size_t kLinesNamed = 3;
constexpr size_t kValuesNamed = 5;

bool IsGroupAttribute(const tinyfair::Model& model, int input) {
  const auto& attributes = model.groups().attribute_inputs();
  return std::find(attributes.begin(), attributes.end(), static_cast<uint32_t>(input)) !=
         attributes.end();
}

UnlistedValues UnlistedValuesOf(const tinyfair::Input& input, const ColumnTable& table) {
  UnlistedValues unlisted;
  unlisted.column = input.name();
  unlisted.decided_as_other = input.last_category_is_other();
  const TableColumn text = AsText(table.columns[table.column(input.name())]);
  const std::set<std::string> listed(input.categories().begin(), input.categories().end());
  std::vector<bool> is_listed(text.dictionary().size());
  for (size_t k = 0; k < is_listed.size(); ++k) {
    is_listed[k] = listed.count(text.dictionary()[k]) != 0;
  }
  std::vector<size_t> rows_of_code(is_listed.size(), 0);
  for (size_t r = 0; r < text.size(); ++r) {
    if (is_listed[text.code(r)]) continue;
    ++rows_of_code[text.code(r)];
    ++unlisted.rows;
    if (unlisted.first_lines.size() < kLinesNamed) unlisted.first_lines.push_back(table.line(r));
  }
  std::map<std::string, size_t> rows_of;
  for (size_t k = 0; k < rows_of_code.size(); ++k) {
    if (rows_of_code[k] > 0) rows_of[text.dictionary()[k]] += rows_of_code[k];
  }
  unlisted.values.assign(rows_of.begin(), rows_of.end());
  std::stable_sort(unlisted.values.begin(), unlisted.values.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return unlisted;
}

// 'Holand-Netherlands' 2, 'X' 1 (the most frequent first, then "...").
std::string ValueCounts(const UnlistedValues& unlisted) {
  std::string text;
  for (size_t k = 0; k < unlisted.values.size() && k < kValuesNamed; ++k) {
    text += (k == 0 ? "'" : ", '") + unlisted.values[k].first + "' " +
            std::to_string(unlisted.values[k].second);
  }
  if (unlisted.values.size() > kValuesNamed) {
    text += ", ... (" + std::to_string(unlisted.values.size()) + " values)";
  }
  return text;
}

std::string Lines(const UnlistedValues& unlisted) {
  std::string text = unlisted.first_lines.size() == 1 ? "line " : "lines ";
  for (size_t k = 0; k < unlisted.first_lines.size(); ++k) {
    text += (k == 0 ? "" : ", ") + std::to_string(unlisted.first_lines[k]);
  }
  if (unlisted.rows > unlisted.first_lines.size()) text += ", ...";
  return text;
}

}  // namespace

std::vector<UnlistedValues> FindUnlistedValues(const tinyfair::Model& model,
                                               const CsvTable& table) {
  return FindUnlistedValues(model, ColumnTableFromCsv(table));
}

std::vector<UnlistedValues> FindUnlistedValues(const tinyfair::Model& model,
                                               const ColumnTable& table) {
  std::vector<UnlistedValues> found;
  for (int i = 0; i < model.inputs_size(); ++i) {
    const tinyfair::Input& input = model.inputs(i);
    if (input.kind() != tinyfair::Input::CATEGORICAL || IsGroupAttribute(model, i)) continue;
    UnlistedValues unlisted = UnlistedValuesOf(input, table);
    if (unlisted.rows > 0) found.push_back(std::move(unlisted));
  }
  return found;
}

std::vector<std::string> DescribeUnlistedValues(const std::vector<UnlistedValues>& unlisted) {
  std::vector<std::string> lines;
  for (const auto& u : unlisted) {
    lines.push_back(
        "column '" + u.column + "': " + std::to_string(u.rows) +
        (u.rows == 1 ? " row holds" : " rows hold") + " a value the model does not list (" +
        ValueCounts(u) + "; " + Lines(u) + "), " +
        (u.decided_as_other ? std::string("decided as its category '") + kOtherCategory + "'"
                            : "refused by the device (unknown_category); train with "
                              "--min-category-count N to decide such values as the rare ones"));
  }
  return lines;
}

}  // namespace tinyfair::host::data
