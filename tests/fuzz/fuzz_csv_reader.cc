// libFuzzer: ParseCsv on arbitrary text. Byte 0 chooses the options (bits
// 0-1 the delimiter: detect, ',', ';', tab; bit 2 renames bad header names;
// bit 3 gives column names instead of a header line; bit 4 a 64-byte line
// limit); the rest is the file. The reader may refuse with DataError, never
// anything else, and a table it returns must be rectangular with increasing
// line numbers; every cell then parses as a number or is refused.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <string>
#include <string_view>

#include "host_tools/csv_reader.h"

namespace {

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_csv_reader: %s\n", what);
  abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  using tinyfair::host::CsvOptions;
  CsvOptions options;
  const char kDelimiters[] = {0, ',', ';', '\t'};
  options.delimiter = kDelimiters[data[0] & 3U];
  options.rename_bad_header_names = (data[0] & 4U) != 0;
  if ((data[0] & 8U) != 0) options.column_names = {"a", "b", "c"};
  if ((data[0] & 16U) != 0) options.max_line_bytes = 64;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  tinyfair::host::CsvTable table;
  try {
    table = tinyfair::host::ParseCsv(text, "fuzz.csv", options);
  } catch (const tinyfair::host::DataError&) {
    return 0;
  }
  if (table.header.empty()) Violation("a table without columns");
  if (table.line_of_row.size() != table.rows.size()) Violation("a line number per row");
  for (size_t r = 0; r < table.rows.size(); ++r) {
    if (table.rows[r].size() != table.header.size()) Violation("a row of another width");
    if (r > 0 && table.line_of_row[r] <= table.line_of_row[r - 1]) {
      Violation("line numbers do not increase");
    }
    for (size_t c = 0; c < table.header.size(); ++c) {
      if (table.is_missing(table.rows[r][c])) continue;
      try {
        (void)tinyfair::host::ParseNumber(table, r, c);
      } catch (const tinyfair::host::DataError&) {
      }
    }
  }
  for (const std::string& name : table.header) {
    if (!table.has_column(name)) Violation("a header name that is not a column");
    (void)table.column(name);
  }
  return 0;
}
