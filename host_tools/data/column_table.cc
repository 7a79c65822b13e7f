#include "host_tools/data/column_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {

TableColumn TableColumn::NumbersOver(std::string name, const double* values, std::size_t rows) {
  TableColumn column;
  column.name_ = std::move(name);
  column.numeric_ = true;
  column.rows_ = rows;
  column.numbers_ = values;
  return column;
}

TableColumn TableColumn::OwnedNumbers(std::string name, std::vector<double> values) {
  auto owned = std::make_shared<const std::vector<double>>(std::move(values));
  TableColumn column = NumbersOver(std::move(name), owned->data(), owned->size());
  column.owned_numbers_ = std::move(owned);
  return column;
}

TableColumn TableColumn::Text(std::string name, std::vector<std::uint32_t> codes,
                              std::vector<std::string> dictionary) {
  TableColumn column;
  column.name_ = std::move(name);
  column.rows_ = codes.size();
  column.codes_ = std::move(codes);
  column.dictionary_ = std::move(dictionary);
  return column;
}

std::string TableColumn::CellText(std::size_t row) const {
  if (!numeric()) return dictionary_[codes_[row]];
  const double value = numbers_[row];
  return std::isnan(value) ? std::string() : ShortestNumberText(value);
}

TableColumn AsText(const TableColumn& column) {
  if (!column.numeric()) return column;
  std::unordered_map<std::uint64_t, std::uint32_t> code_of;
  std::vector<std::string> dictionary;
  std::vector<std::uint32_t> codes(column.size());
  for (std::size_t r = 0; r < column.size(); ++r) {
    double value = column.number(r);
    if (std::isnan(value)) value = std::numeric_limits<double>::quiet_NaN();  // one NaN
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(bits));
    const auto [it, added] = code_of.try_emplace(bits, static_cast<std::uint32_t>(code_of.size()));
    if (added) dictionary.push_back(column.CellText(r));
    codes[r] = it->second;
  }
  return TableColumn::Text(column.name(), std::move(codes), std::move(dictionary));
}

std::string ShortestNumberText(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::size_t ColumnTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name() == name) return i;
  }
  // The same message as a file's table gives.
  CsvTable names;
  names.path = path;
  for (const auto& column : columns) names.header.push_back(column.name());
  return names.column(name);
}

bool ColumnTable::has_column(const std::string& name) const {
  return std::any_of(columns.begin(), columns.end(),
                     [&](const TableColumn& column) { return column.name() == name; });
}

bool ColumnTable::is_missing_text(const std::string& text) const {
  return std::find(missing_markers.begin(), missing_markers.end(), text) != missing_markers.end();
}

namespace {

// Column c of `table` as codes in order of first appearance.
TableColumn TextColumn(const CsvTable& table, std::size_t c) {
  std::unordered_map<std::string_view, std::uint32_t> code_of;
  std::vector<std::string> dictionary;
  std::vector<std::uint32_t> codes(table.rows.size());
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][c];
    const auto [it, added] = code_of.try_emplace(cell, static_cast<std::uint32_t>(code_of.size()));
    if (added) dictionary.push_back(cell);
    codes[r] = it->second;
  }
  return TableColumn::Text(table.header[c], std::move(codes), std::move(dictionary));
}

}  // namespace

ColumnTable ColumnTableFromCsv(const CsvTable& table) {
  ColumnTable columns;
  columns.path = table.path;
  columns.missing_markers = table.missing_markers;
  columns.line_of_row = table.line_of_row;
  for (std::size_t c = 0; c < table.header.size(); ++c) {
    columns.columns.push_back(TextColumn(table, c));
  }
  return columns;
}

}  // namespace tinyfair::host::data
