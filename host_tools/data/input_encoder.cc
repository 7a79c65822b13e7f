// Input schema and row encoding.
#include "host_tools/data/input_encoder.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <set>

#include "host_tools/common/contains.h"
#include "host_tools/data/label_values.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host::data {
namespace {

// A --positive that matches no row would count every row as negative and
// report plausible but wrong rates (">50K" against adult.test's ">50K.").
[[noreturn]] void RefuseUnmatchedPositive(const ColumnTable& table, const std::string& label,
                                          const std::vector<std::string>& positive_labels) {
  const auto counts = LabelValueCounts(table, label);
  std::string wanted;
  std::string hint;
  for (const auto& value : positive_labels) {
    wanted += (wanted.empty() ? "'" : ", '") + value + "'";
    const std::string similar = SimilarLabelValue(counts, value);
    if (hint.empty() && !similar.empty()) hint = "; did you mean --positive '" + similar + "'?";
  }
  throw common::DataError(table.path, 0, 0,
                          "no row of label column '" + label + "' holds the positive value " +
                              wanted + " (it holds " + DescribeLabelValues(counts) + ")" + hint);
}

void CheckColumnsExist(const ColumnTable& table, const std::vector<std::string>& names) {
  for (const auto& name : names) table.column(name);  // throws naming it
}

// Whether the whole cell parses as a number; "inf" counts, so that a numeric
// column holding it is refused rather than turned categorical.
bool IsNumber(const std::string& cell) {
  if (cell.empty()) return false;
  char* end = nullptr;
  std::strtod(cell.c_str(), &end);
  return end == cell.c_str() + cell.size();
}

// 'a', 'b', 'c' (the first ten, then "...").
std::string QuotedList(const google::protobuf::RepeatedPtrField<std::string>& names) {
  constexpr int kMaxListed = 10;
  std::string list;
  for (int i = 0; i < names.size() && i < kMaxListed; ++i) {
    list += (i == 0 ? "'" : ", '") + names[i] + "'";
  }
  if (names.size() > kMaxListed) list += ", ...";
  return list;
}

// Whether a number is a value the device computes with (in float).
bool FitsDevice(double value) {
  return std::isfinite(value) && std::isfinite(static_cast<float>(value));
}

// A number that does not fit the device, named by its text `cell`.
[[noreturn]] void RefuseNumber(const ColumnTable& table, size_t row, size_t column, double value,
                               const std::string& cell) {
  const std::string where = "column '" + table.columns[column].name() + "': ";
  if (!std::isfinite(value)) {
    throw common::DataError(table.path, table.line(row), column + 1,
                            where + "not a finite number: '" + cell +
                                "'; leave the cell empty if the value is missing");
  }
  throw common::DataError(table.path, table.line(row), column + 1,
                          where + "'" + cell + "' is beyond the float range");
}

// A column neither declared categorical nor numeric is categorical when a
// cell is not a number; but a column of mostly numbers with a few words in
// it is a data error, not categories. A column of numbers has no words.
bool HasCategoricalCells(const ColumnTable& table, size_t c) {
  const TableColumn& column = table.columns[c];
  if (column.numeric()) return false;
  const std::string& name = column.name();
  // What each cell is; a coded column's values are judged once each.
  enum class Cell : uint8_t { kMissing, kNumber, kWord };
  const auto judge = [&](const std::string& cell) {
    return table.is_missing_text(cell) ? Cell::kMissing
           : IsNumber(cell)            ? Cell::kNumber
                                       : Cell::kWord;
  };
  std::vector<Cell> cell_of_code;
  for (const auto& value : column.dictionary()) cell_of_code.push_back(judge(value));
  size_t numbers = 0, words = 0, first_word = 0;
  for (size_t r = 0; r < column.size(); ++r) {
    const Cell cell = column.coded() ? cell_of_code[column.code(r)] : judge(column.text(r));
    if (cell == Cell::kNumber) {
      ++numbers;
    } else if (cell == Cell::kWord && words++ == 0) {
      first_word = r;
    }
  }
  if (words > 0 && numbers > words) {
    throw common::DataError(table.path, table.line(first_word), c + 1,
                            "column '" + name + "': not a number: '" + column.text(first_word) +
                                "'; most of the column is numeric (pass --categorical " + name +
                                " if it is categorical)");
  }
  return words > 0;
}

// Fairness is measured per group: a row without one cannot count. `text`
// is column c as text.
void CheckNoneMissing(const ColumnTable& table, const TableColumn& text, size_t c) {
  for (size_t r = 0; r < text.size(); ++r) {
    if (table.is_missing_text(text.text(r))) {
      throw common::DataError(table.path, table.line(r), c + 1,
                              "column '" + text.name() + "': missing value '" + text.text(r) +
                                  "' in a sensitive column; every row needs its group");
    }
  }
}

// The categories in sorted order; with `min_count` > 0, those of at least
// that many rows, then the "other" category that stands for the rest (and
// for values first seen after training). `text` is column c as text.
void SetCategories(const ColumnTable& table, const TableColumn& text, size_t c, uint32_t min_count,
                   tinyfair::Input& input) {
  const std::map<std::string, size_t> rows_of = ValueRowCounts(text);
  if (min_count > 0 && rows_of.count(kOtherCategory) != 0) {
    size_t r = 0;
    while (text.text(r) != kOtherCategory) ++r;
    throw common::DataError(
        table.path, table.line(r), c + 1,
        "column '" + text.name() + "' holds the value '" + kOtherCategory +
            "', the name --min-category-count gives the category of rare values");
  }
  SetCategoriesFromCounts(rows_of, min_count, input);
}

// Offset and scale from the mean and standard deviation of the present
// values: a column of numbers read as they are (NaN: missing), a text one
// parsed.
void SetStandardisation(const ColumnTable& table, size_t c, tinyfair::Input& input) {
  const TableColumn& column = table.columns[c];
  double sum = 0.0, sum_squares = 0.0;
  size_t count = 0;
  for (size_t r = 0; r < column.size(); ++r) {
    double value = 0.0;
    if (column.numeric()) {
      value = column.number(r);
      if (std::isnan(value)) continue;
      // A number's text only to name one the device cannot take.
      if (!FitsDevice(value)) RefuseNumber(table, r, c, value, column.CellText(r));
    } else {
      const std::string& cell = column.text(r);
      if (table.is_missing_text(cell)) continue;
      if (!ParseNumberText(cell, &value)) {
        throw common::DataError(table.path, table.line(r), c + 1,
                                "column " + QuoteForMessage(column.name()) +
                                    ": not a number: " + QuoteForMessage(cell));
      }
      if (!FitsDevice(value)) RefuseNumber(table, r, c, value, cell);
    }
    sum += value;
    sum_squares += value * value;
    ++count;
  }
  if (count == 0) {
    throw common::DataError(table.path, 0, 0,
                            "numeric column '" + column.name() + "' has no values; --ignore " +
                                column.name() + " to leave it out");
  }
  SetStandardisationFromSums(sum, sum_squares, count, input);
}

// The columns to leave out for the categories to fit the device: the ones
// with the most categories first (identifier-like columns: ids, names,
// dates), as few as will do.
std::vector<std::string> ColumnsToFitCategories(const std::vector<tinyfair::Input>& inputs,
                                                size_t categories) {
  std::vector<const tinyfair::Input*> by_size;
  for (const auto& input : inputs) {
    if (input.category_count() > 0) by_size.push_back(&input);
  }
  std::stable_sort(by_size.begin(), by_size.end(), [](const auto* a, const auto* b) {
    return a->category_count() > b->category_count();
  });
  std::vector<std::string> names;
  for (const auto* input : by_size) {
    if (categories <= runtime::kMaxCategories) break;
    categories -= input->category_count();
    names.push_back(input->name());
  }
  return names;
}

std::string JoinedNames(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ",") + name;
  return text;
}

// Every column's problems at once: one DataError when there is one (as it
// was raised), else one that lists them all, so that a file with several
// bad columns needs one run to learn every flag it wants.
void ThrowColumnProblems(const ColumnTable& table, const std::vector<common::DataError>& problems) {
  if (problems.empty()) return;
  if (problems.size() == 1) throw problems.front();
  std::string message = std::to_string(problems.size()) + " column problems:";
  for (const auto& problem : problems) message += "\n  " + std::string(problem.what());
  throw common::DataError(table.path, 0, 0, message);
}

// One input column as the schema describes it; a categorical column of
// numbers is named by each distinct number's text.
tinyfair::Input InputOfColumn(const ColumnTable& table, size_t c, const ColumnRoles& roles) {
  const TableColumn& column = table.columns[c];
  const std::string& name = column.name();
  tinyfair::Input input;
  input.set_name(name);
  const bool sensitive = common::Contains(roles.sensitive, name);
  bool categorical = sensitive || common::Contains(roles.categorical, name);
  if (!categorical && !common::Contains(roles.numeric, name))
    categorical = HasCategoricalCells(table, c);
  if (!categorical) {
    SetStandardisation(table, c, input);
    return input;
  }
  const TableColumn text = column.numeric() ? AsText(column) : column;
  if (sensitive) CheckNoneMissing(table, text, c);
  SetCategories(table, text, c, sensitive ? 0 : roles.min_category_count, input);
  return input;
}

}  // namespace

void SetCategoriesFromCounts(const std::map<std::string, size_t>& rows_of, uint32_t min_count,
                             tinyfair::Input& input) {
  input.set_kind(tinyfair::Input::CATEGORICAL);
  for (const auto& [category, rows] : rows_of) {
    if (rows >= min_count) input.add_categories(category);
  }
  if (min_count > 0) {
    input.add_categories(kOtherCategory);
    input.set_last_category_is_other(true);
  }
  input.set_category_count(static_cast<uint32_t>(input.categories_size()));
}

void SetStandardisationFromSums(double sum, double sum_squares, size_t count,
                                tinyfair::Input& input) {
  const double mean = sum / static_cast<double>(count);
  const double variance = std::max(0.0, sum_squares / static_cast<double>(count) - mean * mean);
  const double deviation = std::sqrt(variance);
  input.set_kind(tinyfair::Input::NUMERIC);
  input.set_offset(static_cast<float>(mean));
  input.set_scale(static_cast<float>(deviation > 0.0 ? 1.0 / deviation : 1.0));
}

// The device's capacities, said in terms of the columns; an identifier
// column taken as categorical is the usual cause.
void CheckDeviceCapacity(const std::string& path, const std::vector<tinyfair::Input>& inputs) {
  if (inputs.size() > runtime::kMaxInputs) {
    throw common::DataError(
        path, 0, 0,
        std::to_string(inputs.size()) + " input columns, more than the device's " +
            std::to_string(runtime::kMaxInputs) + "; --ignore the columns the model does not need");
  }
  size_t categories = 0;
  const tinyfair::Input* largest = nullptr;
  for (const auto& input : inputs) {
    categories += input.category_count();
    if (largest == nullptr || input.category_count() > largest->category_count()) largest = &input;
  }
  if (categories <= runtime::kMaxCategories) return;
  const auto to_ignore = ColumnsToFitCategories(inputs, categories);
  std::string message = "the categorical columns have " + std::to_string(categories) +
                        " categories in all, more than the device's " +
                        std::to_string(runtime::kMaxCategories) + "; column '" + largest->name() +
                        "' has " + std::to_string(largest->category_count()) + " (--ignore " +
                        largest->name() + " if it is an identifier)";
  if (to_ignore.size() > 1) {
    message += "; to fit, leave out at least --ignore " + JoinedNames(to_ignore);
  }
  throw common::DataError(path, 0, 0, message);
}

std::vector<tinyfair::Input> InputsFromTable(const CsvTable& table, const ColumnRoles& roles) {
  return InputsFromTable(ColumnTableFromCsv(table), roles);
}

std::vector<tinyfair::Input> InputsFromTable(const ColumnTable& table, const ColumnRoles& roles) {
  table.column(roles.label);
  CheckColumnsExist(table, roles.sensitive);
  CheckColumnsExist(table, roles.categorical);
  CheckColumnsExist(table, roles.numeric);
  CheckColumnsExist(table, roles.ignore);
  std::vector<tinyfair::Input> inputs;
  std::vector<common::DataError> problems;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const std::string& name = table.columns[c].name();
    if (name == roles.label || common::Contains(roles.ignore, name)) continue;
    try {
      inputs.push_back(InputOfColumn(table, c, roles));
    } catch (const common::DataError& problem) {
      problems.push_back(problem);
    }
  }
  if (inputs.empty() && problems.empty()) {
    throw common::DataError(table.path, 0, 0, "no input columns besides the label");
  }
  try {
    CheckDeviceCapacity(table.path, inputs);
  } catch (const common::DataError& problem) {
    problems.push_back(problem);
  }
  ThrowColumnProblems(table, problems);
  return inputs;
}

std::vector<int> ReadLabels(const CsvTable& table, const std::string& label,
                            const std::vector<std::string>& positive_labels) {
  return ReadLabels(ColumnTableFromCsv(table), label, positive_labels);
}

std::vector<int> ReadLabels(const ColumnTable& table, const std::string& label,
                            const std::vector<std::string>& positive_labels) {
  const size_t c = table.column(label);
  // Each distinct value is judged once; a row takes its value's verdict.
  const TableColumn text = AsText(table.columns[c]);
  const std::vector<std::string>& values = text.dictionary();
  std::vector<bool> missing(values.size());
  for (size_t k = 0; k < values.size(); ++k) missing[k] = table.is_missing_text(values[k]);
  for (size_t r = 0; r < text.size(); ++r) {
    if (missing[text.code(r)]) {
      throw common::DataError(
          table.path, table.line(r), c + 1,
          "missing label in column '" + label + "'; drop the row or give it a label");
    }
  }
  std::vector<int> labels(text.size());
  if (positive_labels.empty()) {
    constexpr int kNeither = -1;
    std::vector<int> label_of(values.size(), kNeither);
    for (size_t k = 0; k < values.size(); ++k) {
      if (values[k] == "1" || values[k] == "1.0") label_of[k] = 1;
      if (values[k] == "0" || values[k] == "0.0") label_of[k] = 0;
    }
    std::set<std::string> seen;
    size_t first = 0;
    for (size_t r = 0; r < text.size(); ++r) {
      const uint32_t code = text.code(r);
      if (label_of[code] != kNeither) {
        labels[r] = label_of[code];
      } else {
        if (seen.empty()) first = r;
        seen.insert(values[code]);
        if (seen.size() > 5) break;
      }
    }
    if (!seen.empty()) {
      std::string listed;
      for (const auto& value : seen) listed += (listed.empty() ? "'" : ", '") + value + "'";
      throw common::DataError(table.path, table.line(first), c + 1,
                              "label column '" + label + "' is not 0/1 (it holds " + listed +
                                  "); name the positive values with --positive");
    }
    return labels;
  }
  std::vector<int> positive(values.size());
  for (size_t k = 0; k < values.size(); ++k)
    positive[k] = common::Contains(positive_labels, values[k]);
  size_t positives = 0;
  for (size_t r = 0; r < text.size(); ++r) {
    labels[r] = positive[text.code(r)];
    positives += static_cast<size_t>(labels[r]);
  }
  if (positives == 0) RefuseUnmatchedPositive(table, label, positive_labels);
  return labels;
}

namespace {

// A row whose group the model does not know, said with what it knows.
[[noreturn]] void RefuseUnknownGroup(const std::string& path, size_t line, size_t column,
                                     const tinyfair::Input& input, const std::string& cell,
                                     bool missing) {
  throw common::DataError(
      path, line, column + 1,
      "column '" + input.name() + "': group '" + cell + "'" +
          (missing ? " (a missing value)" : "") + " is not in the model, which knows " +
          QuotedList(input.categories()) +
          " (train with --unknown-group fallback:NAME to decide unknown groups as "
          "group NAME)");
}

}  // namespace

void CheckGroupsKnown(const tinyfair::Model& model, const CsvTable& table) {
  // The device decides an unknown group as the fallback group.
  if (model.groups().unknown_policy() == tinyfair::GroupFormation::FALLBACK) return;
  for (const uint32_t i : model.groups().attribute_inputs()) {
    const tinyfair::Input& input = model.inputs(static_cast<int>(i));
    const size_t c = table.column(input.name());
    const std::set<std::string> known(input.categories().begin(), input.categories().end());
    for (size_t r = 0; r < table.rows.size(); ++r) {
      const std::string& cell = table.rows[r][c];
      if (known.count(cell) != 0) continue;
      RefuseUnknownGroup(table.path, table.line_of_row[r], c, input, cell, table.is_missing(cell));
    }
  }
}

void CheckGroupsKnown(const tinyfair::Model& model, const ColumnTable& table) {
  if (model.groups().unknown_policy() == tinyfair::GroupFormation::FALLBACK) return;
  for (const uint32_t i : model.groups().attribute_inputs()) {
    const tinyfair::Input& input = model.inputs(static_cast<int>(i));
    const size_t c = table.column(input.name());
    const TableColumn& column = table.columns[c];
    const std::set<std::string> known(input.categories().begin(), input.categories().end());
    // A text column's values are checked once each, a numeric one's per row.
    std::vector<bool> code_known;
    for (const auto& text : column.dictionary()) code_known.push_back(known.count(text) != 0);
    for (size_t r = 0; r < column.size(); ++r) {
      if (column.coded() && code_known[column.code(r)]) continue;
      const std::string cell = column.CellText(r);
      if (!column.coded() && known.count(cell) != 0) continue;
      RefuseUnknownGroup(table.path, table.line(r), c, input, cell, table.is_missing_text(cell));
    }
  }
}

InputEncoder::InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
                           const CsvTable& table)
    : InputEncoder(inputs, std::make_shared<const ColumnTable>(ColumnTableFromCsv(table))) {}

InputEncoder::InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
                           const ColumnTable& table)
    : InputEncoder(inputs, std::shared_ptr<const ColumnTable>(), &table) {}

InputEncoder::InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
                           std::shared_ptr<const ColumnTable> owned)
    : InputEncoder(inputs, owned, owned.get()) {}

InputEncoder::InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
                           std::shared_ptr<const ColumnTable> owned, const ColumnTable* table)
    : inputs_(inputs), owned_table_(std::move(owned)), table_(table) {
  const int count = inputs_.size();
  value_of_code_.resize(count);
  problem_of_code_.resize(count);
  category_of_number_.resize(count);
  value_of_missing_number_.resize(count);
  category_of_.resize(count);
  // Inputs are read from the table by name: two inputs of one name would
  // read one column, one of them as what it is not.
  std::map<std::string, int> input_named;
  for (int i = 0; i < count; ++i) {
    const auto [first, added] = input_named.emplace(inputs_[i].name(), i);
    if (!added) {
      throw common::DataError(table_->path, 0, 0,
                              "the model's inputs " + std::to_string(first->second + 1) + " and " +
                                  std::to_string(i + 1) + " have one name, '" + inputs_[i].name() +
                                  "': no table column can feed both");
    }
  }
  for (int i = 0; i < count; ++i) {
    column_.push_back(table_->column(inputs_[i].name()));
    const TableColumn& column = table_->columns[column_.back()];
    for (int k = 0; k < inputs_[i].categories_size(); ++k) {
      category_of_[i].emplace(inputs_[i].categories(k), static_cast<uint32_t>(k));
    }
    if (column.coded()) {
      PrepareTextColumn(i, column);
    } else if (inputs_[i].kind() == tinyfair::Input::CATEGORICAL) {
      PrepareNumberColumn(i);
    }
  }
}

// A text's device value for input i: its category, or as a number its
// value; `problem` says why it is none (said when a row holds it).
float InputEncoder::ValueOfText(int i, const std::string& text, CellProblem& problem) const {
  const tinyfair::Input& input = inputs_[i];
  problem = CellProblem::kNone;
  if (input.kind() == tinyfair::Input::CATEGORICAL) {
    const auto& category_of = category_of_[static_cast<size_t>(i)];
    const auto it = category_of.find(text);
    return static_cast<float>(it != category_of.end() ? it->second : input.category_count());
  }
  double value = 0.0;
  if (table_->is_missing_text(text)) return std::numeric_limits<float>::quiet_NaN();
  if (!ParseNumberText(text, &value)) {
    problem = CellProblem::kNotNumber;
  } else if (!std::isfinite(value)) {
    problem = CellProblem::kNotFinite;
  } else if (!std::isfinite(static_cast<float>(value))) {
    problem = CellProblem::kBeyondFloat;
  }
  return static_cast<float>(value);
}

// Each distinct text once.
void InputEncoder::PrepareTextColumn(int i, const TableColumn& column) {
  auto& values = value_of_code_[static_cast<size_t>(i)];
  auto& problems = problem_of_code_[static_cast<size_t>(i)];
  values.assign(column.dictionary().size(), 0.0f);
  problems.assign(column.dictionary().size(), CellProblem::kNone);
  for (size_t code = 0; code < column.dictionary().size(); ++code) {
    values[code] = ValueOfText(i, column.dictionary()[code], problems[code]);
  }
}

// The categories named by a number's shortest text, by the number's bits:
// a cell matches a category exactly when its text would.
void InputEncoder::PrepareNumberColumn(int i) {
  const tinyfair::Input& input = inputs_[i];
  auto& lookup = category_of_number_[i];
  value_of_missing_number_[i] = static_cast<float>(input.category_count());
  for (int k = 0; k < input.categories_size(); ++k) {
    const std::string& name = input.categories(k);
    double value = 0.0;
    if (name.empty()) value_of_missing_number_[i] = static_cast<float>(k);
    if (!ParseNumberText(name, &value) || std::isnan(value) || ShortestNumberText(value) != name) {
      continue;
    }
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(bits));
    lookup.emplace_back(bits, static_cast<float>(k));
  }
  std::sort(lookup.begin(), lookup.end());
}

void InputEncoder::ThrowCellProblem(size_t row, int i, CellProblem problem) const {
  const size_t c = column_[static_cast<size_t>(i)];
  const std::string& name = table_->columns[c].name();
  const std::string cell = table_->columns[c].CellText(row);
  const size_t line = table_->line(row);
  switch (problem) {
    case CellProblem::kNotNumber:
      throw common::DataError(
          table_->path, line, c + 1,
          "column " + QuoteForMessage(name) + ": not a number: " + QuoteForMessage(cell));
    case CellProblem::kNotFinite:
      throw common::DataError(table_->path, line, c + 1,
                              "column '" + name + "': not a finite number: '" + cell +
                                  "'; leave the cell empty if the value is missing");
    default:
      // The device computes in float.
      throw common::DataError(table_->path, line, c + 1,
                              "column '" + name + "': '" + cell + "' is beyond the float range");
  }
}

// A numeric input's value from a number as given: NaN is missing.
float InputEncoder::NumberValue(size_t row, int i, double value) const {
  if (std::isnan(value)) return std::numeric_limits<float>::quiet_NaN();
  if (!std::isfinite(value)) ThrowCellProblem(row, i, CellProblem::kNotFinite);
  const auto narrow = static_cast<float>(value);
  if (!std::isfinite(narrow)) ThrowCellProblem(row, i, CellProblem::kBeyondFloat);
  return narrow;
}

void InputEncoder::DeviceRow(size_t row, std::vector<float>& values) const {
  values.resize(static_cast<size_t>(inputs_.size()));
  for (int i = 0; i < inputs_.size(); ++i) {
    const auto n = static_cast<size_t>(i);
    const TableColumn& column = table_->columns[column_[n]];
    if (!column.numeric() && !column.coded()) {
      CellProblem problem = CellProblem::kNone;
      values[n] = ValueOfText(i, column.cell(row), problem);
      if (problem != CellProblem::kNone) ThrowCellProblem(row, i, problem);
    } else if (column.coded()) {
      const uint32_t code = column.code(row);
      if (problem_of_code_[n][code] != CellProblem::kNone) {
        ThrowCellProblem(row, i, problem_of_code_[n][code]);
      }
      values[n] = value_of_code_[n][code];
    } else if (inputs_[i].kind() == tinyfair::Input::CATEGORICAL) {
      const double value = column.number(row);
      if (std::isnan(value)) {
        values[n] = value_of_missing_number_[n];
        continue;
      }
      uint64_t bits = 0;
      std::memcpy(&bits, &value, sizeof(bits));
      const auto& lookup = category_of_number_[n];
      const auto it = std::lower_bound(lookup.begin(), lookup.end(), std::make_pair(bits, 0.0f));
      values[n] = (it != lookup.end() && it->first == bits)
                      ? it->second
                      : static_cast<float>(inputs_[i].category_count());
    } else {
      values[n] = NumberValue(row, i, column.number(row));
    }
  }
}

size_t InputEncoder::DesignWidth(const std::vector<bool>& use) const {
  size_t width = 0;
  for (int i = 0; i < inputs_.size(); ++i) {
    if (inputs_[i].kind() == tinyfair::Input::NUMERIC) {
      ++width;
    } else if (use[i]) {
      width += inputs_[i].category_count();
    }
  }
  return width;
}

Eigen::MatrixXd InputEncoder::Design(const std::vector<bool>& use) const {
  Eigen::MatrixXd design = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(row_count()),
                                                 static_cast<Eigen::Index>(DesignWidth(use)));
  std::vector<float> values;
  for (size_t r = 0; r < row_count(); ++r) {
    DeviceRow(r, values);
    Eigen::Index column = 0;
    for (int i = 0; i < inputs_.size(); ++i) {
      const tinyfair::Input& input = inputs_[i];
      if (input.kind() == tinyfair::Input::NUMERIC) {
        const float value = values[i];
        design(static_cast<Eigen::Index>(r), column++) =
            std::isnan(value) ? 0.0 : (static_cast<double>(value) - input.offset()) * input.scale();
      } else if (use[i]) {
        auto category = static_cast<uint32_t>(values[i]);
        if (category >= input.category_count() && input.last_category_is_other()) {
          category = input.category_count() - 1;
        }
        if (category < input.category_count()) {
          design(static_cast<Eigen::Index>(r), column + category) = 1.0;
        }
        column += input.category_count();
      }
    }
  }
  return design;
}

void InputEncoder::FillScorer(const Eigen::VectorXd& coefficients, double intercept,
                              const std::vector<bool>& use, tinyfair::LinearScorer* scorer) const {
  scorer->Clear();
  scorer->set_bias(static_cast<float>(intercept));
  Eigen::Index column = 0;
  for (int i = 0; i < inputs_.size(); ++i) {
    const tinyfair::Input& input = inputs_[i];
    if (input.kind() == tinyfair::Input::NUMERIC) {
      scorer->add_weights(static_cast<float>(coefficients[column++]));
    } else {
      scorer->add_weights(0.0f);
      for (uint32_t k = 0; k < input.category_count(); ++k) {
        scorer->add_category_weights(use[i] ? static_cast<float>(coefficients[column + k]) : 0.0f);
      }
      if (use[i]) column += input.category_count();
    }
  }
}

}  // namespace tinyfair::host::data
