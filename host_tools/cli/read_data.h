// How every command reads a data file: as the library does (fit/read_data.h).
#pragma once

#include "host_tools/fit/read_data.h"

namespace tinyfair::cli {

using host::fit::ReadDataCsv;

}  // namespace tinyfair::cli
