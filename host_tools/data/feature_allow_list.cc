#include "host_tools/data/feature_allow_list.h"

#include <stdexcept>

#include "host_tools/common/contains.h"

namespace tinyfair::host::data {
namespace {

std::string ColumnList(const std::vector<std::string>& header) {
  std::string list;
  for (const auto& name : header) list += (list.empty() ? "" : ", ") + name;
  return list;
}

}  // namespace

std::vector<std::string> ColumnsOutsideFeatures(const CsvTable& table,
                                                const std::vector<std::string>& features,
                                                const ColumnRoles& roles) {
  return ColumnsOutsideFeatures(table.path, table.header, features, roles);
}

std::vector<std::string> ColumnsOutsideFeatures(const std::string& path,
                                                const std::vector<std::string>& columns,
                                                const std::vector<std::string>& features,
                                                const ColumnRoles& roles) {
  if (features.empty()) return {};
  for (const auto& name : features) {
    if (common::Contains(roles.ignore, name)) {
      throw std::invalid_argument("--features and --ignore both name column '" + name +
                                  "'; name it in one of them");
    }
  }
  for (const auto& name : features) {
    if (!common::Contains(columns, name)) {
      throw common::DataError(
          path, 0, 0,
          "--features names '" + name +
              "', which is not a column; the columns are: " + ColumnList(columns));
    }
  }
  std::vector<std::string> outside;
  for (const auto& name : columns) {
    if (name == roles.label || common::Contains(features, name) ||
        common::Contains(roles.sensitive, name))
      continue;
    if (!common::Contains(roles.ignore, name)) outside.push_back(name);
  }
  return outside;
}

}  // namespace tinyfair::host::data
