#include "host_tools/data/column_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {

TableColumn TableColumn::NumbersOver(std::string name, const double* values, std::size_t rows) {
  TableColumn column;
  column.name_ = std::move(name);
  column.kind_ = Kind::kNumbers;
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

TableColumn TableColumn::CellsOf(const CsvTable& table, std::size_t c) {
  TableColumn column;
  column.kind_ = Kind::kCells;
  column.name_ = table.header[c];
  column.rows_ = table.rows.size();
  column.cells_ = &table.rows;
  column.cell_column_ = c;
  return column;
}

std::string TableColumn::CellText(std::size_t row) const {
  if (kind_ == Kind::kCodes) return dictionary_[codes_[row]];
  if (kind_ == Kind::kCells) return cell(row);
  const double value = numbers_[row];
  return std::isnan(value) ? std::string() : ShortestNumberText(value);
}

TableColumn AsText(const TableColumn& column) {
  if (column.coded()) return column;
  std::unordered_map<std::uint64_t, std::uint32_t> code_of;
  std::unordered_map<std::string_view, std::uint32_t> text_code_of;
  std::vector<std::string> dictionary;
  std::vector<std::uint32_t> codes(column.size());
  for (std::size_t r = 0; r < column.size(); ++r) {
    if (!column.numeric()) {
      const auto [it, added] =
          text_code_of.try_emplace(column.cell(r), static_cast<std::uint32_t>(text_code_of.size()));
      if (added) dictionary.push_back(column.cell(r));
      codes[r] = it->second;
      continue;
    }
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

std::map<std::string, std::size_t> ValueRowCounts(const TableColumn& text) {
  std::map<std::string, std::size_t> rows_of;
  if (!text.coded()) {
    for (std::size_t r = 0; r < text.size(); ++r) ++rows_of[text.text(r)];
    return rows_of;
  }
  std::vector<std::size_t> rows_of_code(text.dictionary().size(), 0);
  for (std::size_t r = 0; r < text.size(); ++r) ++rows_of_code[text.code(r)];
  for (std::size_t code = 0; code < rows_of_code.size(); ++code) {
    if (rows_of_code[code] != 0) rows_of[text.dictionary()[code]] += rows_of_code[code];
  }
  return rows_of;
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

std::vector<std::string> ColumnTable::column_names() const {
  std::vector<std::string> names;
  for (const auto& column : columns) names.push_back(column.name());
  return names;
}

bool ColumnTable::is_missing_text(const std::string& text) const {
  return std::find(missing_markers.begin(), missing_markers.end(), text) != missing_markers.end();
}

double ColumnTable::CellNumber(std::size_t column, std::size_t row) const {
  const TableColumn& cells = columns[column];
  if (cells.numeric()) return cells.number(row);
  const std::string text(cells.text(row));
  double value = std::numeric_limits<double>::quiet_NaN();
  if (is_missing_text(text) || !ParseNumberText(text, &value)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  return value;
}

namespace {

// Whether column c's values repeat enough to code: a sample of its first
// rows holds at most one distinct value in four.
bool ValuesRepeat(const CsvTable& table, std::size_t c) {
  constexpr std::size_t kSample = 4096;
  const std::size_t rows = std::min(table.rows.size(), kSample);
  std::unordered_set<std::string_view> seen;
  for (std::size_t r = 0; r < rows; ++r) seen.insert(table.rows[r][c]);
  return seen.size() * 4 <= rows;
}

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
    columns.columns.push_back(ValuesRepeat(table, c) ? TextColumn(table, c)
                                                     : TableColumn::CellsOf(table, c));
  }
  return columns;
}

}  // namespace tinyfair::host::data
