// Reads delimited text tables (CSV and its ';' and tab variants), whole or
// a record at a time.
//
// The reader follows RFC 4180 (quoted fields may contain delimiters, doubled
// quotes and line breaks) and tolerates what the public fairness datasets do
// in practice: ", " separators, CRLF line ends, a UTF-8 byte order mark,
// blank lines and a last line without a line end. Cells are kept as text;
// numbers are parsed on demand with ParseNumber(). Bytes are passed through
// unchanged, so invalid UTF-8 is not an error.

#ifndef TINYFAIR_HOST_TOOLS_CSV_READER_H_
#define TINYFAIR_HOST_TOOLS_CSV_READER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {

/// How to read a delimited file.
struct CsvOptions {
  /// Field separator; 0 detects it from the first line, choosing the most
  /// frequent of ',', ';' and tab outside quotes (',' when none occurs).
  char delimiter = 0;
  /// Longest accepted physical line in bytes, line end excluded. Guards
  /// against binary files or files without line breaks.
  std::size_t max_line_bytes = std::size_t{1} << 20;
  /// Cells that mean "value missing" (compared after trimming): the UCI
  /// files use "?", R and pandas write "NA" / "N/A" / "NaN", Python's csv
  /// module and NumPy write "nan", C's printf "-nan", CSV exports leave the
  /// cell empty. Like pandas, every spelling of NaN here is missing.
  std::vector<std::string> missing_markers = {"", "?", "NA", "N/A", "NaN", "nan", "-nan"};
  /// If not empty, the file has no header line and these are its column
  /// names (e.g. communities.data, whose names are in communities.names).
  std::vector<std::string> column_names;
  /// Rename empty and repeated header names instead of rejecting them, the
  /// way pandas.read_csv does: an empty name in (0-based) column i becomes
  /// "Unnamed: i" and the k-th repeat of "x" becomes "x.k". Needed for files
  /// written by pandas with its index (law_data.csv) and for ProPublica's
  /// COMPAS file, which repeats decile_score and priors_count.
  bool rename_bad_header_names = false;
  /// Keep each record's bytes as read (CsvTable::header_text, row_text), so
  /// that a command that copies rows (split) writes them back byte for byte:
  /// quotes, padding and line ends as the file has them.
  bool keep_record_text = false;
};

/// A header name replaced under CsvOptions::rename_bad_header_names.
struct RenamedColumn {
  /// 1-based line of the header (0 when the names came from the options).
  std::size_t line = 0;
  /// 0-based column.
  std::size_t column = 0;
  /// The name in the file ("" for an empty one) and the name used.
  std::string original;
  std::string name;
  /// 0-based column that first holds `original` (a repeat only).
  std::size_t first_column = 0;

  /// The warning for `file`: where, what, the name used and the --ignore
  /// that leaves the column out.
  std::string Warning(const std::string& file) const;
};

/// A table of text cells read from a delimited file.
struct CsvTable {
  /// File name used in error messages.
  std::string path;
  /// The delimiter used (given or detected).
  char delimiter = ',';
  std::vector<std::string> header;
  /// rows[r][c] is the cell in row r, column c; every row has header.size()
  /// cells. Unquoted cells are trimmed of surrounding spaces and tabs.
  std::vector<std::vector<std::string>> rows;
  /// 1-based line in the file on which each row starts.
  std::vector<std::size_t> line_of_row;
  /// Copied from CsvOptions::missing_markers.
  std::vector<std::string> missing_markers;
  /// The header names the reader replaced, in column order.
  std::vector<RenamedColumn> renamed_columns;
  /// With CsvOptions::keep_record_text: the byte order mark the file starts
  /// with (empty if none), the header record's bytes and each row's, line
  /// end included (a last line without one has none).
  std::string byte_order_mark;
  std::string header_text;
  std::vector<std::string> row_text;

  /// Index of the column called `name`.
  /// @throws DataError naming the file, `name` and the available columns.
  std::size_t column(const std::string& name) const;

  /// Whether a column called `name` exists.
  bool has_column(const std::string& name) const;

  /// Whether `cell` is one of the missing-value markers.
  bool is_missing(const std::string& cell) const;
};

/// Reads a delimited file one record at a time, in memory bounded by the
/// longest record and a read chunk, from a file or from text in memory.
/// ReadCsv and ParseCsv are built on it, so every path parses the same way.
/// Lines longer than the limit are refused chunk by chunk, before any row
/// of the chunk is returned (for text in memory, before any row at all).
class CsvRecordReader {
 public:
  /// Reads `source(buffer, capacity)` until it returns 0; `source` reports
  /// its own read errors by throwing. `chunk_bytes` (> 0) is how much is
  /// asked for at a time.
  /// @throws as ParseCsv for an empty input, a missing or bad header, a
  ///         long line or a malformed first record.
  using ByteSource = std::function<std::size_t(char* buffer, std::size_t capacity)>;
  CsvRecordReader(ByteSource source, const std::string& name_for_errors,
                  const CsvOptions& options = {}, std::size_t chunk_bytes = kChunkBytes);
  /// Reads the file at `path`.
  /// @throws DataError if the file cannot be opened or read.
  explicit CsvRecordReader(const std::string& path, const CsvOptions& options = {});
  /// Reads `text`, which must outlive the reader.
  CsvRecordReader(std::string_view text, const std::string& name_for_errors,
                  const CsvOptions& options = {});
  ~CsvRecordReader();
  CsvRecordReader(const CsvRecordReader&) = delete;
  CsvRecordReader& operator=(const CsvRecordReader&) = delete;

  /// The column names (from the header line or CsvOptions::column_names).
  const std::vector<std::string>& header() const;
  /// The delimiter used (given or detected).
  char delimiter() const;
  /// The header names replaced under CsvOptions::rename_bad_header_names.
  const std::vector<RenamedColumn>& renamed_columns() const;
  /// With CsvOptions::keep_record_text: the header record's bytes, and the
  /// bytes of the row the last Next() returned (line ends included).
  const std::string& header_text() const;
  const std::string& record_text() const;
  /// Bytes of input consumed so far (for progress reports).
  std::uint64_t bytes_consumed() const;

  /// Reads the next data row into `fields` (header().size() cells) and the
  /// 1-based line it starts on into `line`. Returns false at the end.
  /// @throws DataError as ParseCsv for a malformed row.
  bool Next(std::vector<std::string>* fields, std::size_t* line);

  /// Replaces the rows of `table` with the next `max_rows` rows (fewer at
  /// the end), setting its path, delimiter, header and missing markers.
  /// Returns false, leaving no rows, when none was left.
  bool NextBlock(std::size_t max_rows, CsvTable* table);

  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Reads and parses the whole file at `path` (see ParseCsv).
/// @throws DataError if the file cannot be opened or read, or is malformed.
CsvTable ReadCsv(const std::string& path, const CsvOptions& options = {});

/// Parses `text` as a delimited table with a header line (unless
/// options.column_names is set). Blank lines are skipped.
/// @param name_for_errors  file name to report in errors and in
///                         CsvTable::path.
/// @throws DataError with the 1-based line and field number for an empty
///         input, a missing header, empty or duplicate header names, no data
///         rows, a row with the wrong number of fields, an unterminated
///         quote, text after a closing quote, or a line over the limit.
/// @throws std::invalid_argument if options.delimiter is '"', '\n' or '\r'.
CsvTable ParseCsv(std::string_view text, const std::string& name_for_errors,
                  const CsvOptions& options = {});

/// `text` in single quotes for a message, cut short when long (data cells
/// can be huge).
std::string QuoteForMessage(std::string_view text);

/// Parses `cell` as ParseNumber does, without throwing: false when the
/// whole cell is not a number (or is empty).
bool ParseNumberText(const std::string& cell, double* value);

/// Parses cell (row, column) as a double with std::strtod's syntax (decimal,
/// hexadecimal, "inf", "nan"; out-of-range values become +-inf or 0), but
/// requires the whole cell to be consumed. Check is_missing() first.
/// @throws DataError with the row's line, the column's field number and the
///         offending text if the cell is not a number.
/// @throws std::out_of_range if row or column is out of range.
double ParseNumber(const CsvTable& table, std::size_t row, std::size_t column);

}  // namespace tinyfair::host::data

#endif  // TINYFAIR_HOST_TOOLS_CSV_READER_H_
