// libFuzzer: ParseCsv on arbitrary text. Byte 0 chooses the options (bits
// 0-1 the delimiter: detect, ',', ';', tab; bit 2 renames bad header names;
// bit 3 gives column names instead of a header line; bit 4 a 64-byte line
// limit) and, with bit 5, a second reading of the same text through
// CsvRecordReader in pieces of 1 to 4 bytes (bits 6-7), which must accept
// exactly what ParseCsv accepts and give the same table; the rest is the
// file. The reader may refuse with DataError, never anything else, and a
// table it returns must be rectangular with increasing line numbers; every
// cell then parses as a number or is refused. Cells are tested with the
// non-throwing ParseNumberText and only the first refused one through
// ParseNumber, so that the error path is covered without an exception per
// cell.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "host_tools/data/csv_reader.h"

namespace {

[[noreturn]] void Violation(const char* what) {
  fprintf(stderr, "fuzz_csv_reader: %s\n", what);
  abort();
}

// Reads `text` through CsvRecordReader `piece` bytes at a time and checks
// it against what ParseCsv did with the whole text.
void CheckInPieces(std::string_view text, size_t piece,
                   const tinyfair::host::data::CsvOptions& options, bool accepted,
                   const tinyfair::host::data::CsvTable& whole) {
  size_t offset = 0;
  auto source = [text, piece, &offset](char* buffer, size_t capacity) {
    const size_t n = std::min({piece, capacity, text.size() - offset});
    text.copy(buffer, n, offset);
    offset += n;
    return n;
  };
  tinyfair::host::data::CsvTable table;
  bool read = false;
  try {
    tinyfair::host::data::CsvRecordReader reader(source, "fuzz.csv", options, piece + 1);
    read = reader.NextBlock(SIZE_MAX, &table);
  } catch (const tinyfair::host::common::DataError&) {
  }
  if (read != accepted) Violation("reading in pieces accepts otherwise than ParseCsv");
  if (!read) return;
  if (table.header != whole.header || table.rows != whole.rows ||
      table.line_of_row != whole.line_of_row || table.delimiter != whole.delimiter) {
    Violation("reading in pieces gives another table");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  using tinyfair::host::data::CsvOptions;
  CsvOptions options;
  const char kDelimiters[] = {0, ',', ';', '\t'};
  options.delimiter = kDelimiters[data[0] & 3U];
  options.rename_bad_header_names = (data[0] & 4U) != 0;
  if ((data[0] & 8U) != 0) options.column_names = {"a", "b", "c"};
  if ((data[0] & 16U) != 0) options.max_line_bytes = 64;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  tinyfair::host::data::CsvTable table;
  bool accepted = true;
  try {
    table = tinyfair::host::data::ParseCsv(text, "fuzz.csv", options);
  } catch (const tinyfair::host::common::DataError&) {
    accepted = false;
  }
  if ((data[0] & 32U) != 0) CheckInPieces(text, 1 + (data[0] >> 6), options, accepted, table);
  if (!accepted) return 0;
  bool tried_refusal = false;
  if (table.header.empty()) Violation("a table without columns");
  if (table.line_of_row.size() != table.rows.size()) Violation("a line number per row");
  for (size_t r = 0; r < table.rows.size(); ++r) {
    if (table.rows[r].size() != table.header.size()) Violation("a row of another width");
    if (r > 0 && table.line_of_row[r] <= table.line_of_row[r - 1]) {
      Violation("line numbers do not increase");
    }
    for (size_t c = 0; c < table.header.size(); ++c) {
      const std::string& cell = table.rows[r][c];
      if (table.is_missing(cell)) continue;
      double value = 0.0;
      if (tinyfair::host::data::ParseNumberText(cell, &value)) continue;
      if (!tried_refusal) {
        tried_refusal = true;
        try {
          (void)tinyfair::host::data::ParseNumber(table, r, c);
          Violation("ParseNumber accepts what ParseNumberText refuses");
        } catch (const tinyfair::host::common::DataError&) {
        }
      }
    }
  }
  for (const std::string& name : table.header) {
    if (!table.has_column(name)) Violation("a header name that is not a column");
    (void)table.column(name);
  }
  return 0;
}
