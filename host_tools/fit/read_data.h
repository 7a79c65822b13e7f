// How every command reads a data file.
#pragma once

#include <string>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::fit {

/// Reads the CSV at `path` with repeated and empty header names renamed as
/// pandas reads them ("x.1", "Unnamed: N"), each named in a warning on
/// stderr with the --ignore that leaves it out.
/// @throws DataError as host::ReadCsv.
data::CsvTable ReadDataCsv(const std::string& path, data::CsvOptions options = {});

}  // namespace tinyfair::host::fit
