#include "host_tools/data/column_summaries.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "host_tools/common/contains.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/word_stream.h"

namespace tinyfair::host::data {
namespace {

constexpr char kTag[] = "tinyfair-column-summaries-1";

[[noreturn]] void Refuse(const std::string& message) {
  throw std::invalid_argument("column summaries: " + message);
}

// InputsFromTable's way with several column problems: the one, or all.
void ThrowProblems(const std::string& path, const std::vector<common::DataError>& problems) {
  if (problems.empty()) return;
  if (problems.size() == 1) throw problems.front();
  std::string message = std::to_string(problems.size()) + " column problems:";
  for (const auto& problem : problems) message += "\n  " + std::string(problem.what());
  throw common::DataError(path, 0, 0, message);
}

}  // namespace

ColumnSummaries::ColumnSummaries(const CsvTable& table, const ColumnRoles& roles)
    : ColumnSummaries(ColumnTableFromCsv(table), roles) {}

ColumnSummaries::ColumnSummaries(const ColumnTable& table, const ColumnRoles& roles) {
  table.column(roles.label);
  for (const auto* names : {&roles.sensitive, &roles.categorical, &roles.numeric, &roles.ignore}) {
    for (const auto& name : *names) table.column(name);  // throws naming it
  }
  rows_ = table.row_count();
  for (const TableColumn& cells : table.columns) {
    if (cells.name() == roles.label || common::Contains(roles.ignore, cells.name())) continue;
    columns_.push_back(SummaryOf(table, cells));
  }
}

// A column of numbers: NaN is missing (the text ""), every other value a
// number; its values are listed by their bits and named by their text.
ColumnSummaries::Column ColumnSummaries::SummaryOf(const ColumnTable& table,
                                                   const TableColumn& cells) {
  Column column;
  column.name = cells.name();
  if (cells.numeric()) {
    std::map<uint64_t, uint64_t> rows_of_bits;
    for (size_t r = 0; r < cells.size(); ++r) {
      double value = cells.number(r);
      if (std::isnan(value)) {
        ++column.missing;
        value = std::numeric_limits<double>::quiet_NaN();  // one NaN
      } else {
        ++column.numbers;
        // The device computes in float: a number beyond its range is refused.
        if (std::isfinite(value) && std::isfinite(static_cast<float>(value))) {
          column.sum += value;
          column.sum_squares += value * value;
        } else if (column.first_nonfinite.empty()) {
          column.first_nonfinite = cells.CellText(r);
        }
      }
      if (!column.listed) continue;
      uint64_t bits = 0;
      std::memcpy(&bits, &value, sizeof(bits));
      ++rows_of_bits[bits];
      if (rows_of_bits.size() > kMaxListedValues) {
        column.listed = false;
        rows_of_bits.clear();
      }
    }
    for (const auto& [bits, rows] : rows_of_bits) {
      double value = 0.0;
      std::memcpy(&value, &bits, sizeof(value));
      column.rows_of[std::isnan(value) ? std::string() : ShortestNumberText(value)] = rows;
    }
    return column;
  }
  for (size_t r = 0; r < cells.size(); ++r) {
    const std::string& cell = cells.text(r);
    double value = 0.0;
    if (table.is_missing_text(cell)) {
      ++column.missing;
    } else if (ParseNumberText(cell, &value)) {
      ++column.numbers;
      if (std::isfinite(value) && std::isfinite(static_cast<float>(value))) {
        column.sum += value;
        column.sum_squares += value * value;
      } else if (column.first_nonfinite.empty()) {
        column.first_nonfinite = cell;
      }
    } else if (column.words++ == 0) {
      column.first_word = cell;
    }
    if (!column.listed) continue;
    ++column.rows_of[cell];
    if (column.rows_of.size() > kMaxListedValues) {
      column.listed = false;
      column.rows_of.clear();
    }
  }
  return column;
}

void ColumnSummaries::Merge(const ColumnSummaries& other) {
  if (rows_ == 0 && columns_.empty()) {  // summaries of no table yet
    *this = other;
    return;
  }
  if (columns_.size() != other.columns_.size()) Refuse("merging summaries of other columns");
  for (size_t c = 0; c < columns_.size(); ++c) {
    Column& column = columns_[c];
    const Column& add = other.columns_[c];
    if (column.name != add.name) Refuse("merging summaries of other columns");
    column.numbers += add.numbers;
    column.words += add.words;
    column.missing += add.missing;
    if (column.first_word.empty()) column.first_word = add.first_word;
    if (column.first_nonfinite.empty()) column.first_nonfinite = add.first_nonfinite;
    column.sum += add.sum;
    column.sum_squares += add.sum_squares;
    column.listed = column.listed && add.listed;
    if (column.listed) {
      for (const auto& [value, rows] : add.rows_of) column.rows_of[value] += rows;
      if (column.rows_of.size() > kMaxListedValues) column.listed = false;
    }
    if (!column.listed) column.rows_of.clear();
  }
  rows_ += other.rows_;
}

std::string ColumnSummaries::Serialise() const {
  common::WordWriter out(kTag);
  out.Word(rows_);
  out.Word(columns_.size());
  for (const Column& column : columns_) {
    out.Text(column.name);
    out.Word(column.numbers);
    out.Word(column.words);
    out.Word(column.missing);
    out.Text(column.first_word);
    out.Text(column.first_nonfinite);
    out.Double(column.sum);
    out.Double(column.sum_squares);
    out.Word(column.listed ? 1 : 0);
    out.Word(column.rows_of.size());
    for (const auto& [value, rows] : column.rows_of) {
      out.Text(value);
      out.Word(rows);
    }
  }
  return out.bytes();
}

ColumnSummaries ColumnSummaries::Parse(const std::string& bytes) {
  common::WordReader in(bytes, kTag, "column summaries");
  ColumnSummaries summaries;
  summaries.rows_ = in.Word();
  const uint64_t count = in.Count(8);
  for (uint64_t c = 0; c < count; ++c) {
    Column column;
    column.name = in.Text();
    column.numbers = in.Word();
    column.words = in.Word();
    column.missing = in.Word();
    column.first_word = in.Text();
    column.first_nonfinite = in.Text();
    column.sum = in.Double();
    column.sum_squares = in.Double();
    const uint64_t listed = in.Word();
    const uint64_t values = in.Word();
    if (listed > 1 || values > kMaxListedValues || (listed == 0 && values != 0)) {
      Refuse("bad value list");
    }
    column.listed = listed == 1;
    for (uint64_t v = 0; v < values; ++v) {
      std::string value = in.Text();
      column.rows_of[std::move(value)] = in.Word();
    }
    summaries.columns_.push_back(std::move(column));
  }
  in.ExpectEnd();
  return summaries;
}

uint64_t ColumnSummaries::missing(const std::string& name) const {
  for (const Column& column : columns_) {
    if (column.name == name) return column.missing;
  }
  return 0;
}

tinyfair::Input ColumnSummaries::InputOf(const std::string& path, const Column& column,
                                         const ColumnRoles& roles) const {
  const std::string& name = column.name;
  tinyfair::Input input;
  input.set_name(name);
  const bool sensitive = common::Contains(roles.sensitive, name);
  bool categorical = sensitive || common::Contains(roles.categorical, name);
  if (!categorical && !common::Contains(roles.numeric, name)) {
    if (column.words > 0 && column.numbers > column.words) {
      throw common::DataError(path, 0, 0,
                              "column '" + name + "': not a number: '" + column.first_word +
                                  "'; most of the column is numeric (pass --categorical " + name +
                                  " if it is categorical)");
    }
    categorical = column.words > 0;
  }
  if (sensitive && column.missing > 0) {
    throw common::DataError(path, 0, 0,
                            "column '" + name + "': " + std::to_string(column.missing) +
                                " missing values in a sensitive column; every row needs its group");
  }
  if (categorical) {
    if (!column.listed) {
      throw common::DataError(
          path, 0, 0,
          "column '" + name + "': more than " + std::to_string(kMaxListedValues) +
              " distinct values, more than a categorical column summed over parts may hold "
              "(--ignore " +
              name + " if it is an identifier, --numeric " + name + " if it is a number)");
    }
    const uint32_t min_count = sensitive ? 0 : roles.min_category_count;
    if (min_count > 0 && column.rows_of.count(kOtherCategory) != 0) {
      throw common::DataError(path, 0, 0,
                              "column '" + name + "' holds the value '" + kOtherCategory +
                                  "', the name --min-category-count gives the category of rare "
                                  "values");
    }
    const std::map<std::string, size_t> rows_of(column.rows_of.begin(), column.rows_of.end());
    SetCategoriesFromCounts(rows_of, min_count, input);
    return input;
  }
  if (column.words > 0) {
    throw common::DataError(path, 0, 0,
                            "column '" + name + "': not a number: '" + column.first_word + "'");
  }
  if (!column.first_nonfinite.empty()) {
    throw common::DataError(path, 0, 0,
                            "column '" + name + "': not a finite float: '" +
                                column.first_nonfinite +
                                "'; leave the cell empty if the value is missing");
  }
  if (column.numbers == 0) {
    throw common::DataError(
        path, 0, 0,
        "numeric column '" + name + "' has no values; --ignore " + name + " to leave it out");
  }
  SetStandardisationFromSums(column.sum, column.sum_squares, column.numbers, input);
  return input;
}

std::vector<tinyfair::Input> ColumnSummaries::Inputs(const std::string& path,
                                                     const ColumnRoles& roles) const {
  std::vector<tinyfair::Input> inputs;
  std::vector<common::DataError> problems;
  for (const Column& column : columns_) {
    try {
      inputs.push_back(InputOf(path, column, roles));
    } catch (const common::DataError& problem) {
      problems.push_back(problem);
    }
  }
  if (inputs.empty() && problems.empty()) {
    throw common::DataError(path, 0, 0, "no input columns besides the label");
  }
  try {
    CheckDeviceCapacity(path, inputs);
  } catch (const common::DataError& problem) {
    problems.push_back(problem);
  }
  ThrowProblems(path, problems);
  return inputs;
}

}  // namespace tinyfair::host::data
