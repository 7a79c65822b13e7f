#include "host_tools/fit/read_data.h"

#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {

data::CsvTable ReadDataCsv(const std::string& path, data::CsvOptions options) {
  options.rename_bad_header_names = true;
  data::CsvTable table = data::ReadCsv(path, options);
  for (const auto& renamed : table.renamed_columns) Note("tinyfair: " + renamed.Warning(path));
  return table;
}

}  // namespace tinyfair::host::fit
