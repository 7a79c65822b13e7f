#include "host_tools/data/row_weights.h"

#include <cmath>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {

Eigen::VectorXd ReadRowWeights(const ColumnTable& table, const std::string& name) {
  const size_t c = table.column(name);
  const TableColumn& column = table.columns[c];
  Eigen::VectorXd weights(static_cast<Eigen::Index>(column.size()));
  for (size_t r = 0; r < column.size(); ++r) {
    const double value = table.CellNumber(c, r);
    if (!std::isfinite(value) || value < 0.0) {
      throw common::DataError(table.path, table.line(r), c + 1,
                              "row weight '" + name + "' is '" + column.CellText(r) +
                                  "'; a row weight must be a finite number >= 0");
    }
    weights[static_cast<Eigen::Index>(r)] = value;
  }
  if (!(weights.sum() > 0.0)) {
    throw common::DataError(table.path, 0, c + 1,
                            "every row weight in '" + name + "' is 0; nothing to train on");
  }
  return weights;
}

}  // namespace tinyfair::host::data
