// From CSV columns to the model's inputs: the schema learned from training
// data, the rows as the device receives them, and the design matrix the
// trainers fit on. One encoder serves train, simulate and evaluate, so the
// host can never encode a row differently from what it trained on.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

/// What each column of a training file is.
struct ColumnRoles {
  std::string label;
  /// Label values that mean "positive"; empty: the label must be 0/1.
  std::vector<std::string> positive_labels;
  /// Columns whose categories form the group (their product, in order).
  std::vector<std::string> sensitive;
  /// Columns forced to be categorical or numeric; others are detected
  /// (numeric when every present cell is a finite number).
  std::vector<std::string> categorical;
  std::vector<std::string> numeric;
  /// Columns that are not inputs.
  std::vector<std::string> ignore;
  /// 0: every category of a column is its own. N > 0: in each categorical
  /// column except the sensitive ones, the values of fewer than N rows are
  /// folded into one last category, kOtherCategory, which also decides the
  /// values first seen after training (Input.last_category_is_other).
  uint32_t min_category_count = 0;
};

/// The name of the category that stands for the values a model does not list.
inline constexpr const char* kOtherCategory = "(other)";

/// The model inputs for every column except the label and the ignored ones,
/// in file order: numeric ones with offset = mean and scale = 1 / standard
/// deviation; categorical ones (sensitive columns always) with their
/// categories in sorted order, then kOtherCategory when
/// roles.min_category_count is set. A missing categorical cell is its own
/// category (e.g. "?"), except in a sensitive column, where it is refused.
/// A column is detected as numeric when every present cell is a number; one
/// whose cells are mostly numbers but not all is refused naming the first
/// other cell. Numbers must be finite.
/// @throws DataError naming line and column of the offending cell.
std::vector<tinyfair::Input> InputsFromTable(const ColumnTable& table, const ColumnRoles& roles);
std::vector<tinyfair::Input> InputsFromTable(const CsvTable& table, const ColumnRoles& roles);

/// What InputsFromTable sets for a categorical column from its values'
/// row counts, and for a numeric one from the sum, the sum of squares and
/// the count of its present values (offset = mean, scale = 1 / deviation):
/// for summaries of a table's parts merged elsewhere.
void SetCategoriesFromCounts(const std::map<std::string, size_t>& rows_of, uint32_t min_count,
                             tinyfair::Input& input);
void SetStandardisationFromSums(double sum, double sum_squares, size_t count,
                                tinyfair::Input& input);

/// InputsFromTable's check that `inputs` fit the device's capacities.
/// @throws DataError (naming `path`) saying which columns to leave out.
void CheckDeviceCapacity(const std::string& path, const std::vector<tinyfair::Input>& inputs);

/// The 0/1 labels of a table.
/// @throws DataError naming the file, line and column of a missing label, or
///         of the first value that is not 0/1 when no positive values were
///         given (listing the values); or, when positive values were given
///         and no row holds one, naming the values found with their counts.
std::vector<int> ReadLabels(const CsvTable& table, const std::string& label,
                            const std::vector<std::string>& positive_labels);
std::vector<int> ReadLabels(const ColumnTable& table, const std::string& label,
                            const std::vector<std::string>& positive_labels);

/// Checks that every group attribute cell of `table` is a category of
/// `model`, unless the model decides unknown groups as a fallback group: a
/// row without its group cannot count in any fairness measure.
/// @throws DataError naming line, column, the group and the known ones.
void CheckGroupsKnown(const tinyfair::Model& model, const CsvTable& table);
void CheckGroupsKnown(const tinyfair::Model& model, const ColumnTable& table);

/// Encodes the rows of one table for one model's inputs. A text column is
/// looked up once per distinct value, a numeric one read as it is.
class InputEncoder {
 public:
  /// @throws DataError when a model input has no column in the table.
  InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
               const ColumnTable& table);
  /// Over the columns of a file's table, which must outlive the encoder.
  InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
               const CsvTable& table);

  size_t input_count() const { return static_cast<size_t>(inputs_.size()); }

  /// The row as decide() takes it: numeric values as read (NaN when
  /// missing), categorical inputs as their category index, or the category
  /// count (which the runtime refuses as unknown) for an unseen category.
  /// @throws DataError naming line and column of a cell in a numeric column
  ///         that is neither missing nor a finite number.
  void DeviceRow(size_t row, std::vector<float>& values) const;

  /// Number of rows in the table.
  size_t row_count() const { return table_->row_count(); }
  /// The table the rows come from.
  const ColumnTable& table() const { return *table_; }

  /// The design matrix for training: per numeric input (x - offset) * scale
  /// (0 when missing); per categorical input with `use[i]` true, one 0/1
  /// column per category, a value the input does not list counting as its
  /// other category when it has one. Inputs with `use[i]` false get no
  /// column.
  Eigen::MatrixXd Design(const std::vector<bool>& use) const;

  /// Number of design columns Design(use) produces.
  size_t DesignWidth(const std::vector<bool>& use) const;

  /// Writes coefficients over Design(use)'s columns into the scorer:
  /// numeric weights, and category terms (0 for unused inputs).
  void FillScorer(const Eigen::VectorXd& coefficients, double intercept,
                  const std::vector<bool>& use, tinyfair::LinearScorer* scorer) const;

 private:
  // Why a text cell is no value of a numeric input.
  enum class CellProblem : uint8_t { kNone, kNotNumber, kNotFinite, kBeyondFloat };

  InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
               std::shared_ptr<const ColumnTable> owned);
  InputEncoder(const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs,
               std::shared_ptr<const ColumnTable> owned, const ColumnTable* table);
  float ValueOfText(int i, const std::string& text, CellProblem& problem) const;
  void PrepareTextColumn(int i, const TableColumn& column);
  void PrepareNumberColumn(int i);
  float NumberValue(size_t row, int i, double value) const;
  [[noreturn]] void ThrowCellProblem(size_t row, int i, CellProblem problem) const;

  const google::protobuf::RepeatedPtrField<tinyfair::Input>& inputs_;
  std::shared_ptr<const ColumnTable> owned_table_;
  const ColumnTable* table_;
  std::vector<size_t> column_;
  // Per input over a text column: each dictionary code's device value, and
  // for a numeric input why the code's text is not a value.
  std::vector<std::vector<float>> value_of_code_;
  std::vector<std::vector<CellProblem>> problem_of_code_;
  // Per categorical input over a numeric column: the bits of each number
  // whose shortest text is a category's name, with that category (sorted),
  // and the value of a missing (NaN) cell, whose text is "".
  std::vector<std::vector<std::pair<uint64_t, float>>> category_of_number_;
  std::vector<float> value_of_missing_number_;
  // Per input: category name -> index.
  std::vector<std::map<std::string, uint32_t>> category_of_;
};

}  // namespace tinyfair::host::data
