#include "host_tools/data/csv_rows_as_read.h"

#include <stdexcept>
#include <string_view>

namespace tinyfair::host::data {
namespace {

bool EndsWith(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// The line end of `record` ("\r\n", "\n" or "", for a last line without).
std::string_view LineEnd(std::string_view record) {
  if (EndsWith(record, "\r\n")) return "\r\n";
  if (EndsWith(record, "\n")) return "\n";
  return "";
}

}  // namespace

std::string CsvRowsAsRead(const CsvTable& table, const std::vector<std::size_t>& rows) {
  if (table.header_text.empty() || table.row_text.size() != table.rows.size()) {
    throw std::logic_error("CsvRowsAsRead: the table was not read with keep_record_text");
  }
  std::string_view line_end = LineEnd(table.header_text);
  if (line_end.empty()) line_end = "\n";
  std::string out = table.byte_order_mark + table.header_text;
  for (const std::size_t r : rows) {
    const std::string& record = table.row_text.at(r);
    out += record;
    if (EndsWith(record, "\r") && line_end == "\r\n") {
      out += '\n';  // a last line ended by a lone CR
    } else if (LineEnd(record).empty()) {
      out += line_end;
    }
  }
  return out;
}

}  // namespace tinyfair::host::data
