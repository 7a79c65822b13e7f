// A table as the library reads it, whichever front end it came from: numeric
// columns as float64 values (over the caller's buffer where it can be, so
// that numbers from Python reach the encoder without a copy or a text form),
// text columns as codes into their dictionary, and each row located in the
// front end's terms for messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::data {

/// One column: numbers (NaN: missing), text as codes into a dictionary (a
/// dictionary entry that is a missing marker: missing), or the text cells of
/// a file's table read in place (a column whose values rarely repeat, where
/// coding would cost more than it saves).
class TableColumn {
 public:
  /// Numbers over `values` (`rows` of them), which must outlive the column.
  static TableColumn NumbersOver(std::string name, const double* values, std::size_t rows);
  /// Numbers the column holds.
  static TableColumn OwnedNumbers(std::string name, std::vector<double> values);
  /// Text: row r is dictionary[codes[r]].
  static TableColumn Text(std::string name, std::vector<std::uint32_t> codes,
                          std::vector<std::string> dictionary);
  /// Column `c` of `table`'s cells, which must outlive the column.
  static TableColumn CellsOf(const CsvTable& table, std::size_t c);

  const std::string& name() const { return name_; }
  bool numeric() const { return kind_ == Kind::kNumbers; }
  /// Whether code() and dictionary() hold the text.
  bool coded() const { return kind_ == Kind::kCodes; }
  std::size_t size() const { return rows_; }
  /// A numeric column's value in `row`.
  double number(std::size_t row) const { return numbers_[row]; }
  /// A column of cells' text in `row`.
  const std::string& cell(std::size_t row) const { return (*cells_)[row][cell_column_]; }
  /// A text column's text in `row` (coded or cells), without a copy.
  const std::string& text(std::size_t row) const {
    return kind_ == Kind::kCodes ? dictionary_[codes_[row]] : cell(row);
  }
  /// A text column's code in `row` and its dictionary.
  std::uint32_t code(std::size_t row) const { return codes_[row]; }
  const std::vector<std::string>& dictionary() const { return dictionary_; }
  /// The cell as the CLI would read it from a file: text as written, a
  /// number as its shortest text (what strtod reads back as the same
  /// double), "" for NaN. For messages and for categories named by numbers.
  std::string CellText(std::size_t row) const;

 private:
  std::string name_;
  enum class Kind { kNumbers, kCodes, kCells };
  Kind kind_ = Kind::kCodes;
  std::size_t rows_ = 0;
  const double* numbers_ = nullptr;
  std::shared_ptr<const std::vector<double>> owned_numbers_;
  std::vector<std::uint32_t> codes_;
  std::vector<std::string> dictionary_;
  const std::vector<std::vector<std::string>>* cells_ = nullptr;
  std::size_t cell_column_ = 0;
};

/// `column` as text codes: a text column as it is, a numeric one coded by
/// each distinct number's CellText (written once per value, not per row).
TableColumn AsText(const TableColumn& column);

/// Each value's row count in a text column (coded or cells), the values
/// that occur only; a coded column counts its codes first, so that each
/// value's text is looked up once.
std::map<std::string, std::size_t> ValueRowCounts(const TableColumn& text);

/// The shortest text that strtod reads back as `value`.
std::string ShortestNumberText(double value);

/// Rows of named, typed columns of the same length.
struct ColumnTable {
  /// The data's name in messages (a file, or the front end's name).
  std::string path;
  std::vector<TableColumn> columns;
  /// Text cells that mean "value missing" (as CsvTable::missing_markers).
  std::vector<std::string> missing_markers = CsvOptions{}.missing_markers;
  /// 1-based line on which each row starts in its file; empty: row r is
  /// line r + 2, as in a CSV file with a header (what DataFrame.to_csv
  /// writes; the Python package names such a row by its index label).
  std::vector<std::size_t> line_of_row;

  std::size_t row_count() const { return columns.empty() ? 0 : columns.front().size(); }
  /// The line that locates `row` in messages.
  std::size_t line(std::size_t row) const {
    return line_of_row.empty() ? row + 2 : line_of_row[row];
  }
  /// Index of the column called `name`.
  /// @throws DataError as CsvTable::column does.
  std::size_t column(const std::string& name) const;
  bool has_column(const std::string& name) const;
  /// The columns' names, in order.
  std::vector<std::string> column_names() const;
  /// Whether `text` is one of the missing-value markers.
  bool is_missing_text(const std::string& text) const;
  /// Cell (`row`, `column`) as a number: a numeric column's float64, a text
  /// cell parsed as ParseNumberText does; NaN when it is missing or not a
  /// number.
  double CellNumber(std::size_t column, std::size_t row) const;
};

/// The columns of a table read from a file, as text (a column's cells are
/// parsed as numbers where a model input says it is numeric, so that every
/// cell means what it meant as text), with its name, markers and lines: a
/// column whose values repeat as codes, another as the table's cells (so
/// `table` must outlive the result).
ColumnTable ColumnTableFromCsv(const CsvTable& table);

}  // namespace tinyfair::host::data
