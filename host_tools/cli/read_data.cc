#include "host_tools/cli/read_data.h"

#include "host_tools/cli/cli_common.h"

namespace tinyfair::cli {

host::data::CsvTable ReadDataCsv(const std::string& path, host::data::CsvOptions options) {
  options.rename_bad_header_names = true;
  host::data::CsvTable table = host::data::ReadCsv(path, options);
  for (const auto& renamed : table.renamed_columns) Note("tinyfair: " + renamed.Warning(path));
  return table;
}

}  // namespace tinyfair::cli
