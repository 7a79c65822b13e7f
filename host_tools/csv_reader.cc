#include "host_tools/csv_reader.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tinyfair::host {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// Longest cell text quoted in an error message; data cells can be huge.
constexpr std::size_t kMaxQuotedCell = 64;

std::string QuoteForMessage(std::string_view text) {
  std::string quoted = "'";
  if (text.size() > kMaxQuotedCell) {
    quoted.append(text.substr(0, kMaxQuotedCell));
    quoted += "...";
  } else {
    quoted.append(text);
  }
  quoted += '\'';
  return quoted;
}

// Checks every physical line before parsing so that a binary or newline-free
// file fails at once with a message that says what is wrong.
void CheckLineLengths(std::string_view text, std::size_t limit,
                      const std::string& name) {
  std::size_t line = 1;
  std::size_t start = 0;
  for (;;) {
    const void* newline =
        std::memchr(text.data() + start, '\n', text.size() - start);
    const std::size_t end =
        newline != nullptr
            ? static_cast<std::size_t>(static_cast<const char*>(newline) -
                                       text.data())
            : text.size();
    std::size_t length = end - start;
    if (length > 0 && text[end - 1] == '\r') --length;
    if (length > limit) {
      throw DataError(name, line, 0,
                      "line longer than the reader's limit of " +
                          std::to_string(limit) + " bytes");
    }
    if (newline == nullptr) return;
    start = end + 1;
    ++line;
  }
}

// Picks the most frequent of ',', ';' and tab outside quotes on the first
// non-blank line; ties go to the earlier one in that list.
char DetectDelimiter(std::string_view text) {
  constexpr char kCandidates[] = {',', ';', '\t'};
  std::size_t counts[3] = {0, 0, 0};
  bool in_quotes = false;
  bool line_has_content = false;
  for (const char c : text) {
    if (c == '"') {
      // A doubled quote toggles twice, which leaves the state unchanged.
      in_quotes = !in_quotes;
      line_has_content = true;
      continue;
    }
    if (in_quotes) continue;
    if (c == '\n') {
      if (line_has_content) break;
      continue;
    }
    for (int i = 0; i < 3; ++i) {
      if (c == kCandidates[i]) ++counts[i];
    }
    if (c != ' ' && c != '\r') line_has_content = true;
  }
  int best = 0;
  for (int i = 1; i < 3; ++i) {
    if (counts[i] > counts[best]) best = i;
  }
  return kCandidates[best];
}

// Splits text into records of fields, tracking line numbers for errors.
class RecordParser {
 public:
  RecordParser(std::string_view text, char delimiter, const std::string& name)
      : text_(text), delimiter_(delimiter), name_(name) {}

  // Reads the next record that is not blank into `fields` and the line it
  // starts on into `line`. Returns false at the end of the text.
  bool Next(std::vector<std::string>* fields, std::size_t* line) {
    while (pos_ < text_.size()) {
      fields->clear();
      *line = line_;
      bool any_quoted = false;
      for (;;) {
        any_quoted |= ReadField(fields);
        if (pos_ < text_.size() && text_[pos_] == delimiter_) {
          ++pos_;
          continue;
        }
        ConsumeLineEnd();
        break;
      }
      // A line holding nothing but padding is blank, not a one-cell row.
      const bool blank =
          !any_quoted && fields->size() == 1 && fields->front().empty();
      if (!blank) return true;
    }
    return false;
  }

 private:
  bool IsPadding(char c) const {
    return (c == ' ' || c == '\t') && c != delimiter_;
  }

  // True at "\n", "\r\n", or a "\r" that ends the text.
  bool AtLineEnd() const {
    if (pos_ >= text_.size()) return false;
    if (text_[pos_] == '\n') return true;
    return text_[pos_] == '\r' &&
           (pos_ + 1 == text_.size() || text_[pos_ + 1] == '\n');
  }

  void ConsumeLineEnd() {
    if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '\n') {
      ++pos_;
      ++line_;
    }
  }

  // Appends the field at pos_ to `fields`, leaving pos_ on the delimiter,
  // the line end or the end of the text. Returns whether it was quoted.
  bool ReadField(std::vector<std::string>* fields) {
    const std::size_t field_number = fields->size() + 1;
    while (pos_ < text_.size() && IsPadding(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      fields->emplace_back();
      ReadQuoted(field_number, &fields->back());
      while (pos_ < text_.size() && IsPadding(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] != delimiter_ && !AtLineEnd()) {
        throw DataError(name_, line_, field_number,
                        "unexpected text after closing quote");
      }
      return true;
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != delimiter_ &&
           text_[pos_] != '\n') {
      ++pos_;
    }
    std::size_t end = pos_;
    // Drop the CR of a CRLF line end (or of a final lone CR).
    if (end > start && text_[end - 1] == '\r' &&
        (end == text_.size() || text_[end] == '\n')) {
      --end;
    }
    while (end > start && IsPadding(text_[end - 1])) --end;
    fields->emplace_back(text_.data() + start, end - start);
    return false;
  }

  // Reads a quoted field starting at the opening quote into `value`; line
  // breaks inside are kept.
  void ReadQuoted(std::size_t field_number, std::string* value) {
    const std::size_t open_line = line_;
    ++pos_;
    for (;;) {
      const char* begin = text_.data() + pos_;
      const void* quote = std::memchr(begin, '"', text_.size() - pos_);
      if (quote == nullptr) {
        throw DataError(name_, open_line, field_number, "unterminated quote");
      }
      const char* close = static_cast<const char*>(quote);
      line_ += static_cast<std::size_t>(std::count(begin, close, '\n'));
      value->append(begin, close);
      pos_ = static_cast<std::size_t>(close - text_.data()) + 1;
      if (pos_ < text_.size() && text_[pos_] == '"') {
        value->push_back('"');
        ++pos_;
        continue;
      }
      return;
    }
  }

  std::string_view text_;
  char delimiter_;
  const std::string& name_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

// Renames empty and repeated names the way pandas.read_csv does.
void RenameBadNames(std::vector<std::string>* names) {
  const std::unordered_set<std::string> originals(names->begin(), names->end());
  std::unordered_set<std::string> used;
  std::unordered_map<std::string, std::size_t> repeats;
  for (std::size_t i = 0; i < names->size(); ++i) {
    std::string& name = (*names)[i];
    if (name.empty()) name = "Unnamed: " + std::to_string(i);
    if (used.count(name) != 0) {
      const std::string base = name;
      std::size_t& k = repeats[base];
      do {
        name = base + "." + std::to_string(++k);
      } while (used.count(name) != 0 || originals.count(name) != 0);
    }
    used.insert(name);
  }
}

// `line` is the header's line, 0 when the names came from the options.
void CheckNames(const std::vector<std::string>& names, std::size_t line,
                const std::string& file) {
  std::unordered_map<std::string, std::size_t> first_column;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::size_t column = line != 0 ? i + 1 : 0;
    const std::string where =
        line != 0 ? "" : " (column " + std::to_string(i + 1) + ")";
    if (names[i].empty()) {
      throw DataError(file, line, column, "empty column name" + where);
    }
    const auto [it, inserted] = first_column.emplace(names[i], i + 1);
    if (!inserted) {
      throw DataError(file, line, column,
                      "duplicate column name " + QuoteForMessage(names[i]) +
                          where + ", first in column " +
                          std::to_string(it->second));
    }
  }
}

std::string ReadWholeFile(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(
      std::fopen(path.c_str(), "rb"), &std::fclose);
  if (file == nullptr) {
    throw DataError(path, 0, 0,
                    std::string("cannot open file: ") + std::strerror(errno));
  }
  // Read in one go when the size is known; keep reading in case it grew.
  std::error_code size_error;
  const std::uintmax_t size = std::filesystem::file_size(path, size_error);
  std::size_t chunk =
      size_error ? std::size_t{1} << 16 : static_cast<std::size_t>(size) + 1;
  std::string data;
  for (;;) {
    const std::size_t old_size = data.size();
    data.resize(old_size + chunk);
    const std::size_t got =
        std::fread(data.data() + old_size, 1, chunk, file.get());
    data.resize(old_size + got);
    if (got < chunk) {
      if (std::ferror(file.get())) {
        throw DataError(
            path, 0, 0,
            std::string("cannot read file: ") + std::strerror(errno));
      }
      return data;
    }
    chunk = std::size_t{1} << 20;
  }
}

}  // namespace

std::size_t CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  std::string available;
  for (const std::string& h : header) {
    if (!available.empty()) available += ", ";
    available += h;
  }
  throw DataError(path, 0, 0,
                  "no column named " + QuoteForMessage(name) +
                      "; the columns are: " + available);
}

bool CsvTable::has_column(const std::string& name) const {
  return std::find(header.begin(), header.end(), name) != header.end();
}

bool CsvTable::is_missing(const std::string& cell) const {
  return std::find(missing_markers.begin(), missing_markers.end(), cell) !=
         missing_markers.end();
}

CsvTable ReadCsv(const std::string& path, const CsvOptions& options) {
  const std::string text = ReadWholeFile(path);
  return ParseCsv(text, path, options);
}

CsvTable ParseCsv(std::string_view text, const std::string& name_for_errors,
                  const CsvOptions& options) {
  if (options.delimiter == '"' || options.delimiter == '\n' ||
      options.delimiter == '\r') {
    throw std::invalid_argument(
        "CsvOptions::delimiter cannot be a quote or a line-end character");
  }
  if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    text.remove_prefix(kUtf8Bom.size());
  }
  CheckLineLengths(text, options.max_line_bytes, name_for_errors);

  CsvTable table;
  table.path = name_for_errors;
  table.delimiter =
      options.delimiter != 0 ? options.delimiter : DetectDelimiter(text);
  table.missing_markers = options.missing_markers;

  RecordParser parser(text, table.delimiter, name_for_errors);
  std::vector<std::string> fields;
  std::size_t line = 0;
  std::size_t header_line = 0;
  if (options.column_names.empty()) {
    if (!parser.Next(&fields, &line)) {
      throw DataError(name_for_errors, 0, 0, "empty file: no header");
    }
    table.header = std::move(fields);
    header_line = line;
  } else {
    table.header = options.column_names;
  }
  if (options.rename_bad_header_names) RenameBadNames(&table.header);
  CheckNames(table.header, header_line, name_for_errors);

  const std::size_t width = table.header.size();
  for (;;) {
    fields = std::vector<std::string>();
    fields.reserve(width);
    if (!parser.Next(&fields, &line)) break;
    if (fields.size() != width) {
      throw DataError(name_for_errors, line, 0,
                      "expected " + std::to_string(width) + " fields, found " +
                          std::to_string(fields.size()));
    }
    table.rows.push_back(std::move(fields));
    table.line_of_row.push_back(line);
  }
  if (table.rows.empty()) {
    throw DataError(name_for_errors, 0, 0, "no data rows");
  }
  return table;
}

double ParseNumber(const CsvTable& table, std::size_t row, std::size_t column) {
  if (row >= table.rows.size() || column >= table.header.size()) {
    throw std::out_of_range("ParseNumber: cell (" + std::to_string(row) + ", " +
                            std::to_string(column) + ") is outside the table");
  }
  const std::string& cell = table.rows[row][column];
  const char* begin = cell.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (cell.empty() || end != begin + cell.size()) {
    throw DataError(table.path, table.line_of_row[row], column + 1,
                    "column " + QuoteForMessage(table.header[column]) +
                        ": not a number: " + QuoteForMessage(cell));
  }
  return value;
}

}  // namespace tinyfair::host
