// Rows of a table written back exactly as the file holds them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::data {

/// The file's byte order mark and header record, then the records of `rows`
/// in that order, each byte for byte as read: quotes, padding, delimiters
/// and line ends as the file has them. A record without a line end (the
/// file's last) gets the header's, so that it stays a line of its own.
/// @throws std::logic_error unless `table` was read with
///         CsvOptions::keep_record_text.
std::string CsvRowsAsRead(const CsvTable& table, const std::vector<std::size_t>& rows);

}  // namespace tinyfair::host::data
