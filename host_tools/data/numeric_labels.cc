#include "host_tools/data/numeric_labels.h"

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {

Eigen::VectorXd ReadUnitIntervalLabels(const ColumnTable& table, const std::string& label,
                                       const std::vector<std::string>& positive) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(table.row_count()));
  if (!positive.empty()) {
    const std::vector<int> labels = ReadLabels(table, label, positive);
    for (size_t r = 0; r < labels.size(); ++r) y[static_cast<Eigen::Index>(r)] = labels[r];
    return y;
  }
  const size_t c = table.column(label);
  const TableColumn& column = table.columns[c];
  for (size_t r = 0; r < column.size(); ++r) {
    const double value = table.CellNumber(c, r);
    if (!(value >= 0.0) || !(value <= 1.0)) {
      throw common::DataError(table.path, table.line(r), c + 1,
                              "label '" + label + "' is '" + column.CellText(r) +
                                  "'; a regression label must be a number in [0, 1] (rescale it, "
                                  "e.g. a GPA divided by 4, or give --positive for a 0/1 outcome)");
    }
    y[static_cast<Eigen::Index>(r)] = value;
  }
  return y;
}

}  // namespace tinyfair::host::data
