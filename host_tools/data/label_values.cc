// Counting and naming label values.
#include "host_tools/data/label_values.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace tinyfair::host::data {
namespace {

std::string Normalized(const std::string& value) {
  size_t begin = 0;
  size_t end = value.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(value[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(value[end - 1]))) --end;
  if (end > begin && value[end - 1] == '.') --end;
  std::string text = value.substr(begin, end - begin);
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

namespace {

// Most rows first, ties in value order.
std::vector<std::pair<std::string, size_t>> ByRows(const std::map<std::string, size_t>& rows_of) {
  std::vector<std::pair<std::string, size_t>> counts(rows_of.begin(), rows_of.end());
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
}

}  // namespace

std::vector<std::pair<std::string, size_t>> LabelValueCounts(const CsvTable& table,
                                                             const std::string& label) {
  const size_t c = table.column(label);
  std::map<std::string, size_t> rows_of;
  for (const auto& row : table.rows) {
    if (!table.is_missing(row[c])) ++rows_of[row[c]];
  }
  return ByRows(rows_of);
}

std::vector<std::pair<std::string, size_t>> LabelValueCounts(const ColumnTable& table,
                                                             const std::string& label) {
  const TableColumn text = AsText(table.columns[table.column(label)]);
  std::vector<size_t> rows_of_code(text.dictionary().size(), 0);
  for (size_t r = 0; r < text.size(); ++r) ++rows_of_code[text.code(r)];
  std::map<std::string, size_t> rows_of;
  for (size_t k = 0; k < rows_of_code.size(); ++k) {
    const std::string& value = text.dictionary()[k];
    if (rows_of_code[k] > 0 && !table.is_missing_text(value)) rows_of[value] += rows_of_code[k];
  }
  return ByRows(rows_of);
}

std::string DescribeLabelValues(const std::vector<std::pair<std::string, size_t>>& counts,
                                size_t limit) {
  std::string text;
  for (size_t i = 0; i < counts.size() && i < limit; ++i) {
    text += (i == 0 ? "'" : ", '") + counts[i].first + "' " + std::to_string(counts[i].second) +
            (counts[i].second == 1 ? " row" : " rows");
  }
  if (counts.size() > limit) text += " and " + std::to_string(counts.size() - limit) + " more";
  return text;
}

std::string SimilarLabelValue(const std::vector<std::pair<std::string, size_t>>& counts,
                              const std::string& wanted) {
  const std::string key = Normalized(wanted);
  for (const auto& [value, rows] : counts) {
    if (value != wanted && Normalized(value) == key) return value;
  }
  return "";
}

}  // namespace tinyfair::host::data
