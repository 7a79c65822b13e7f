// What InputsFromTable learns of each input column (numeric or
// categorical, the values' row counts, the sums behind offset and scale),
// summed over a part of a table's rows: parts summarised anywhere (a Dask
// worker) and merged in order give the inputs of the whole table.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

class ColumnSummaries {
 public:
  /// A column's values keep their row counts up to this many distinct
  /// values; a column with more can only be numeric.
  static constexpr size_t kMaxListedValues = 1024;

  ColumnSummaries() = default;
  /// The input columns of `table` (all but the label and roles.ignore).
  /// @throws DataError for a table without the roles' columns.
  ColumnSummaries(const ColumnTable& table, const ColumnRoles& roles);
  ColumnSummaries(const CsvTable& table, const ColumnRoles& roles);

  /// Adds `other`'s rows after these; default summaries (of no table) take
  /// other's columns.
  /// @throws std::invalid_argument for summaries of other columns.
  void Merge(const ColumnSummaries& other);
  /// Little-endian bytes after a tag; Parse gives back the same summaries.
  std::string Serialise() const;
  /// @throws std::invalid_argument for bytes Serialise did not write.
  static ColumnSummaries Parse(const std::string& bytes);

  uint64_t rows() const { return rows_; }
  /// Missing cells of the column called `name` (0 for a column not summed).
  uint64_t missing(const std::string& name) const;

  /// The inputs InputsFromTable(whole table, roles) gives, in column
  /// order. `path` names the data in messages.
  /// @throws DataError as InputsFromTable does (without line numbers), and
  ///         for a categorical column of more than kMaxListedValues values.
  std::vector<tinyfair::Input> Inputs(const std::string& path, const ColumnRoles& roles) const;

 private:
  struct Column {
    std::string name;
    uint64_t numbers = 0, words = 0, missing = 0;
    std::string first_word;       // the first cell that is not a number
    std::string first_nonfinite;  // the first number that is not a finite float
    double sum = 0.0, sum_squares = 0.0;
    // Row counts of every value (missing markers too), while listed.
    bool listed = true;
    std::map<std::string, uint64_t> rows_of;
  };
  tinyfair::Input InputOf(const std::string& path, const Column& column,
                          const ColumnRoles& roles) const;
  static Column SummaryOf(const ColumnTable& table, const TableColumn& cells);

  uint64_t rows_ = 0;
  std::vector<Column> columns_;
};

}  // namespace tinyfair::host::data
