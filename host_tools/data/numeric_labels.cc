#include "host_tools/data/numeric_labels.h"

#include <cmath>
#include <cstdlib>

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {

Eigen::VectorXd ReadUnitIntervalLabels(const CsvTable& table, const std::string& label,
                                       const std::vector<std::string>& positive) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(table.rows.size()));
  if (!positive.empty()) {
    const std::vector<int> labels = ReadLabels(table, label, positive);
    for (size_t r = 0; r < labels.size(); ++r) y[static_cast<Eigen::Index>(r)] = labels[r];
    return y;
  }
  const size_t c = table.column(label);
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][c];
    char* end = nullptr;
    const double value = table.is_missing(cell) ? NAN : std::strtod(cell.c_str(), &end);
    if (table.is_missing(cell) || end == cell.c_str() || *end != '\0' || !(value >= 0.0) ||
        !(value <= 1.0)) {
      throw common::DataError(table.path, table.line_of_row[r], c + 1,
                              "label '" + label + "' is '" + cell +
                                  "'; a regression label must be a number in [0, 1] (rescale it, "
                                  "e.g. a GPA divided by 4, or give --positive for a 0/1 outcome)");
    }
    y[static_cast<Eigen::Index>(r)] = value;
  }
  return y;
}

}  // namespace tinyfair::host::data
