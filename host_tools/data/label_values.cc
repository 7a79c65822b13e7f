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

std::vector<std::pair<std::string, size_t>> LabelValueCounts(const CsvTable& table,
                                                             const std::string& label) {
  const size_t c = table.column(label);
  std::map<std::string, size_t> rows_of;
  for (const auto& row : table.rows) {
    if (!table.is_missing(row[c])) ++rows_of[row[c]];
  }
  std::vector<std::pair<std::string, size_t>> counts(rows_of.begin(), rows_of.end());
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
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
