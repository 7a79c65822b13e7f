#include "host_tools/data/csv_reader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "host_tools/data/utf8_guard.h"

namespace tinyfair::host::data {

namespace {
// Longest cell text quoted in an error message; data cells can be huge.
constexpr std::size_t kMaxQuotedCell = 64;
}  // namespace

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

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// Refuses physical lines longer than the limit (line end excluded), fed the
// input as it arrives, so that a binary or newline-free input fails before
// its rows are parsed with a message that says what is wrong.
class LineLengthGuard {
 public:
  LineLengthGuard(std::size_t limit, const std::string& name) : limit_(limit), name_(name) {}

  void Feed(std::string_view bytes) {
    std::size_t start = 0;
    for (;;) {
      const void* newline = std::memchr(bytes.data() + start, '\n', bytes.size() - start);
      if (newline == nullptr) {
        length_ += bytes.size() - start;
        if (bytes.size() > start) ends_with_cr_ = bytes.back() == '\r';
        // One byte of slack: a CR that a later LF turns into a line end.
        if (length_ > limit_ + 1) Fail();
        return;
      }
      const std::size_t end =
          static_cast<std::size_t>(static_cast<const char*>(newline) - bytes.data());
      length_ += end - start;
      if (end > start) ends_with_cr_ = bytes[end - 1] == '\r';
      Check();
      ++line_;
      length_ = 0;
      ends_with_cr_ = false;
      start = end + 1;
    }
  }

  // The last line, which has no line end.
  void Finish() { Check(); }

 private:
  void Check() const {
    if (length_ - (ends_with_cr_ ? 1 : 0) > limit_) Fail();
  }

  [[noreturn]] void Fail() const {
    throw common::DataError(
        name_, line_, 0,
        "line longer than the reader's limit of " + std::to_string(limit_) + " bytes");
  }

  std::size_t limit_;
  const std::string& name_;
  std::size_t line_ = 1;
  std::size_t length_ = 0;
  bool ends_with_cr_ = false;
};

// Picks the most frequent of ',', ';' and tab outside quotes on the first
// non-blank line; ties go to the earlier one in that list.
// `complete` tells whether that line ended within `text`.
char DetectDelimiter(std::string_view text, bool* complete) {
  constexpr char kCandidates[] = {',', ';', '\t'};
  std::size_t counts[3] = {0, 0, 0};
  bool in_quotes = false;
  bool line_has_content = false;
  *complete = false;
  for (const char c : text) {
    if (c == '"') {
      // A doubled quote toggles twice, which leaves the state unchanged.
      in_quotes = !in_quotes;
      line_has_content = true;
      continue;
    }
    if (in_quotes) continue;
    if (c == '\n') {
      if (line_has_content) {
        *complete = true;
        break;
      }
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

// Splits text into records of fields, tracking line numbers for errors. The
// text is a window on the input: when more input follows the window, a
// record that reaches its end is left for the next, longer window.
class RecordParser {
 public:
  enum class Outcome { kRecord, kEnd, kNeedMore };

  RecordParser(char delimiter, const std::string& name) : delimiter_(delimiter), name_(name) {}

  // Parses `text` from its start; `final` says no input follows it.
  void SetText(std::string_view text, bool final) {
    text_ = text;
    final_ = final;
    pos_ = 0;
  }

  void set_delimiter(char delimiter) { delimiter_ = delimiter; }

  // Bytes of the text consumed by the records read.
  std::size_t pos() const { return pos_; }

  // Reads the next record that is not blank into `fields`, the line it
  // starts on into `line` and its bytes, line end included, into `text`
  // (a view on the window, valid until the next SetText).
  Outcome Next(std::vector<std::string>* fields, std::size_t* line, std::string_view* text) {
    while (pos_ < text_.size()) {
      const std::size_t record_start = pos_;
      const std::size_t record_line = line_;
      fields->clear();
      *line = line_;
      bool any_quoted = false;
      bool cut_off = false;
      for (;;) {
        const Field field = ReadField(fields);
        if (field == Field::kCutOff) {
          cut_off = true;
          break;
        }
        any_quoted |= field == Field::kQuoted;
        if (pos_ < text_.size() && text_[pos_] == delimiter_) {
          ++pos_;
          continue;
        }
        ConsumeLineEnd();
        break;
      }
      // Only a line end proves the record complete while input follows.
      if (cut_off || (!final_ && text_[pos_ - 1] != '\n')) {
        pos_ = record_start;
        line_ = record_line;
        return Outcome::kNeedMore;
      }
      // A line holding nothing but padding is blank, not a one-cell row.
      const bool blank = !any_quoted && fields->size() == 1 && fields->front().empty();
      if (!blank) {
        *text = text_.substr(record_start, pos_ - record_start);
        return Outcome::kRecord;
      }
    }
    return final_ ? Outcome::kEnd : Outcome::kNeedMore;
  }

 private:
  bool IsPadding(char c) const { return (c == ' ' || c == '\t') && c != delimiter_; }

  // True at "\n", "\r\n", or a "\r" that ends the text.
  bool AtLineEnd() const {
    if (pos_ >= text_.size()) return false;
    if (text_[pos_] == '\n') return true;
    return text_[pos_] == '\r' && (pos_ + 1 == text_.size() || text_[pos_ + 1] == '\n');
  }

  void ConsumeLineEnd() {
    if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '\n') {
      ++pos_;
      ++line_;
    }
  }

  enum class Field { kPlain, kQuoted, kCutOff };

  // Appends the field at pos_ to `fields`, leaving pos_ on the delimiter,
  // the line end or the end of the text. kCutOff: a quoted field runs past
  // the text and more input follows.
  Field ReadField(std::vector<std::string>* fields) {
    const std::size_t field_number = fields->size() + 1;
    while (pos_ < text_.size() && IsPadding(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      fields->emplace_back();
      if (!ReadQuoted(field_number, &fields->back())) return Field::kCutOff;
      while (pos_ < text_.size() && IsPadding(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] != delimiter_ && !AtLineEnd()) {
        throw common::DataError(name_, line_, field_number, "unexpected text after closing quote");
      }
      return Field::kQuoted;
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != delimiter_ && text_[pos_] != '\n') {
      ++pos_;
    }
    std::size_t end = pos_;
    // Drop the CR of a CRLF line end (or of a final lone CR).
    if (end > start && text_[end - 1] == '\r' && (end == text_.size() || text_[end] == '\n')) {
      --end;
    }
    while (end > start && IsPadding(text_[end - 1])) --end;
    fields->emplace_back(text_.data() + start, end - start);
    return Field::kPlain;
  }

  // Reads a quoted field starting at the opening quote into `value`; line
  // breaks inside are kept. False when the text ends inside the field and
  // more input follows.
  bool ReadQuoted(std::size_t field_number, std::string* value) {
    const std::size_t open_line = line_;
    ++pos_;
    for (;;) {
      const char* begin = text_.data() + pos_;
      const void* quote = std::memchr(begin, '"', text_.size() - pos_);
      if (quote == nullptr) {
        if (!final_) return false;
        throw common::DataError(name_, open_line, field_number, "unterminated quote");
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
      return true;
    }
  }

  char delimiter_;
  const std::string& name_;
  std::string_view text_;
  bool final_ = true;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

// Renames empty and repeated names the way pandas.read_csv does, never to
// a name the header holds elsewhere; returns what it renamed. `line` is the
// header's line.
std::vector<RenamedColumn> RenameBadNames(std::vector<std::string>* names, std::size_t line) {
  const std::unordered_set<std::string> originals(names->begin(), names->end());
  std::unordered_set<std::string> used;
  std::unordered_map<std::string, std::size_t> first_column;
  std::unordered_map<std::string, std::size_t> repeats;
  std::vector<RenamedColumn> renamed;
  for (std::size_t i = 0; i < names->size(); ++i) {
    std::string& name = (*names)[i];
    RenamedColumn rename{line, i, name, name, 0};
    const bool empty = name.empty();
    if (empty) name = "Unnamed: " + std::to_string(i);
    // A generated "Unnamed: i" gives way to one the header holds.
    if (used.count(name) != 0 || (empty && originals.count(name) != 0)) {
      const std::string base = name;
      std::size_t& k = repeats[base];
      do {
        name = base + "." + std::to_string(++k);
      } while (used.count(name) != 0 || originals.count(name) != 0);
      if (!rename.original.empty()) rename.first_column = first_column[rename.original];
    }
    first_column.emplace(name, i);
    if (name != rename.original) {
      rename.name = name;
      renamed.push_back(rename);
    }
    used.insert(name);
  }
  return renamed;
}

// 'name' as a shell word: quoted when it holds anything but letters,
// digits and "._-".
std::string ShellWord(const std::string& name) {
  const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
  });
  if (plain) return name;
  std::string quoted = "'";
  for (const char c : name) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// `line` is the header's line, 0 when the names came from the options.
void CheckNames(const std::vector<std::string>& names, std::size_t line, const std::string& file) {
  std::unordered_map<std::string, std::size_t> first_column;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::size_t column = line != 0 ? i + 1 : 0;
    const std::string where = line != 0 ? "" : " (column " + std::to_string(i + 1) + ")";
    if (names[i].empty()) {
      throw common::DataError(file, line, column, "empty column name" + where);
    }
    const auto [it, inserted] = first_column.emplace(names[i], i + 1);
    if (!inserted) {
      throw common::DataError(file, line, column,
                              "duplicate column name " + QuoteForMessage(names[i]) + where +
                                  ", first in column " + std::to_string(it->second));
    }
  }
}

// Reads the file at `path` piece by piece.
CsvRecordReader::ByteSource FileSource(const std::string& path) {
  std::shared_ptr<std::FILE> file(std::fopen(path.c_str(), "rb"), [](std::FILE* f) {
    if (f != nullptr) std::fclose(f);
  });
  if (file == nullptr) {
    throw common::DataError(path, 0, 0, std::string("cannot open file: ") + std::strerror(errno));
  }
  return [file, path](char* buffer, std::size_t capacity) {
    const std::size_t got = std::fread(buffer, 1, capacity, file.get());
    if (got < capacity && std::ferror(file.get())) {
      throw common::DataError(path, 0, 0, std::string("cannot read file: ") + std::strerror(errno));
    }
    return got;
  };
}

void CheckDelimiter(const CsvOptions& options) {
  if (options.delimiter == '"' || options.delimiter == '\n' || options.delimiter == '\r') {
    throw std::invalid_argument("CsvOptions::delimiter cannot be a quote or a line-end character");
  }
}

}  // namespace

std::string RenamedColumn::Warning(const std::string& file) const {
  const std::string what = original.empty()
                               ? "empty column name"
                               : "duplicate column name " + QuoteForMessage(original) +
                                     ", first in column " + std::to_string(first_column + 1);
  return common::DataError(file, line, line != 0 ? column + 1 : 0,
                           "warning: " + what +
                               (line != 0 ? "" : " (column " + std::to_string(column + 1) + ")") +
                               "; read as " + QuoteForMessage(name) + " (--ignore " +
                               ShellWord(name) + " leaves it out)")
      .what();
}

std::size_t CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  std::string available;
  for (const std::string& h : header) {
    if (!available.empty()) available += ", ";
    available += h;
  }
  throw common::DataError(
      path, 0, 0, "no column named " + QuoteForMessage(name) + "; the columns are: " + available);
}

bool CsvTable::has_column(const std::string& name) const {
  return std::find(header.begin(), header.end(), name) != header.end();
}

bool CsvTable::is_missing(const std::string& cell) const {
  return std::find(missing_markers.begin(), missing_markers.end(), cell) != missing_markers.end();
}

struct CsvRecordReader::State {
  State(const std::string& file_name, const CsvOptions& csv_options)
      : name(file_name),
        options(csv_options),
        encoding(this->name),
        guard(csv_options.max_line_bytes, this->name),
        parser(0, this->name) {}

  // Appends `wanted` bytes of input to `buffer` (fewer at the end);
  // returns the bytes added.
  std::size_t ReadChunk(std::size_t wanted) {
    const std::size_t old_size = buffer.size();
    buffer.resize(old_size + wanted);
    std::size_t got = 0;
    while (got < wanted) {
      const std::size_t piece = source(buffer.data() + old_size + got, wanted - got);
      if (piece == 0) {
        at_end = true;
        break;
      }
      got += piece;
    }
    buffer.resize(old_size + got);
    return got;
  }

  // Drops the consumed text, reads the next chunk and gives the parser the
  // new window. Returns false when the input had already ended.
  bool Refill() {
    if (at_end) return false;
    const std::size_t consumed = parser.pos();
    buffer.erase(0, consumed);
    consumed_before += consumed;
    // At least as much again as the unfinished record holds, so that a
    // record longer than a chunk is parsed again a logarithmic number of
    // times, not once per chunk.
    const std::size_t got = ReadChunk(std::max(chunk_bytes, buffer.size()));
    encoding.Feed(std::string_view(buffer).substr(buffer.size() - got));
    guard.Feed(std::string_view(buffer).substr(buffer.size() - got));
    if (at_end) encoding.Finish();
    if (at_end) guard.Finish();
    window = buffer;
    parser.SetText(window, at_end);
    return true;
  }

  // Detects the delimiter and reads the header.
  void Start() {
    delimiter = options.delimiter;
    bool complete = false;
    while (delimiter == 0) {
      const char detected = DetectDelimiter(window, &complete);
      if (complete || !Refill()) delimiter = detected;
    }
    parser.set_delimiter(delimiter);
    std::size_t header_line = 0;
    if (options.column_names.empty()) {
      if (NextRecord(&header, &header_line) == RecordParser::Outcome::kEnd) {
        throw common::DataError(name, 0, 0, "empty file: no header");
      }
    } else {
      header = options.column_names;
    }
    header_text = record_text;
    if (options.rename_bad_header_names) renamed = RenameBadNames(&header, header_line);
    CheckNames(header, header_line, name);
  }

  RecordParser::Outcome NextRecord(std::vector<std::string>* fields, std::size_t* line) {
    for (;;) {
      std::string_view text;
      const RecordParser::Outcome outcome = parser.Next(fields, line, &text);
      if (outcome == RecordParser::Outcome::kRecord && options.keep_record_text) {
        record_text.assign(text);
      }
      if (outcome != RecordParser::Outcome::kNeedMore || !Refill()) return outcome;
    }
  }

  const std::string name;
  const CsvOptions options;
  ByteSource source;  // empty for text in memory
  std::size_t chunk_bytes = 0;
  std::string buffer;
  // The unconsumed input: `buffer`, or the text in memory.
  std::string_view window;
  bool at_end = true;
  std::uint64_t consumed_before = 0;
  Utf8Guard encoding;
  LineLengthGuard guard;
  RecordParser parser;
  std::vector<std::string> header;
  char delimiter = ',';
  std::vector<RenamedColumn> renamed;
  // With CsvOptions::keep_record_text.
  std::string byte_order_mark;
  std::string header_text;
  std::string record_text;
};

CsvRecordReader::CsvRecordReader(ByteSource source, const std::string& name_for_errors,
                                 const CsvOptions& options, std::size_t chunk_bytes)
    : state_(std::make_unique<State>(name_for_errors, options)) {
  CheckDelimiter(options);
  if (chunk_bytes == 0) throw std::invalid_argument("CsvRecordReader: chunk_bytes is 0");
  State& s = *state_;
  s.source = std::move(source);
  s.chunk_bytes = chunk_bytes;
  s.at_end = false;
  while (s.buffer.size() < kUtf8Bom.size() && !s.at_end) s.ReadChunk(chunk_bytes);
  if (std::string_view(s.buffer).substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    s.buffer.erase(0, kUtf8Bom.size());
    s.consumed_before = kUtf8Bom.size();
    if (options.keep_record_text) s.byte_order_mark = kUtf8Bom;
  }
  s.encoding.Feed(s.buffer);
  s.guard.Feed(s.buffer);
  if (s.at_end) s.encoding.Finish();
  if (s.at_end) s.guard.Finish();
  s.window = s.buffer;
  s.parser.SetText(s.window, s.at_end);
  s.Start();
}

CsvRecordReader::CsvRecordReader(const std::string& path, const CsvOptions& options)
    : CsvRecordReader(FileSource(path), path, options) {}

CsvRecordReader::CsvRecordReader(std::string_view text, const std::string& name_for_errors,
                                 const CsvOptions& options)
    : state_(std::make_unique<State>(name_for_errors, options)) {
  CheckDelimiter(options);
  State& s = *state_;
  if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    text.remove_prefix(kUtf8Bom.size());
    s.consumed_before = kUtf8Bom.size();
    if (options.keep_record_text) s.byte_order_mark = kUtf8Bom;
  }
  s.encoding.Feed(text);
  s.guard.Feed(text);
  s.encoding.Finish();
  s.guard.Finish();
  s.window = text;
  s.parser.SetText(s.window, true);
  s.Start();
}

CsvRecordReader::~CsvRecordReader() = default;

const std::vector<std::string>& CsvRecordReader::header() const { return state_->header; }

char CsvRecordReader::delimiter() const { return state_->delimiter; }

const std::vector<RenamedColumn>& CsvRecordReader::renamed_columns() const {
  return state_->renamed;
}

const std::string& CsvRecordReader::header_text() const { return state_->header_text; }

const std::string& CsvRecordReader::record_text() const { return state_->record_text; }

std::uint64_t CsvRecordReader::bytes_consumed() const {
  return state_->consumed_before + state_->parser.pos();
}

bool CsvRecordReader::Next(std::vector<std::string>* fields, std::size_t* line) {
  State& s = *state_;
  fields->reserve(s.header.size());
  if (s.NextRecord(fields, line) == RecordParser::Outcome::kEnd) return false;
  if (fields->size() != s.header.size()) {
    throw common::DataError(s.name, *line, 0,
                            "expected " + std::to_string(s.header.size()) + " fields, found " +
                                std::to_string(fields->size()));
  }
  return true;
}

bool CsvRecordReader::NextBlock(std::size_t max_rows, CsvTable* table) {
  const State& s = *state_;
  table->path = s.name;
  table->delimiter = s.delimiter;
  table->header = s.header;
  table->missing_markers = s.options.missing_markers;
  table->renamed_columns = s.renamed;
  table->byte_order_mark = s.byte_order_mark;
  table->header_text = s.header_text;
  const bool keep_text = s.options.keep_record_text;
  // Row vectors are reused from block to block.
  std::size_t count = 0;
  std::size_t line = 0;
  while (count < max_rows) {
    if (count == table->rows.size()) table->rows.emplace_back();
    if (!Next(&table->rows[count], &line)) break;
    if (count == table->line_of_row.size()) {
      table->line_of_row.push_back(line);
    } else {
      table->line_of_row[count] = line;
    }
    if (keep_text && count == table->row_text.size()) table->row_text.emplace_back();
    if (keep_text) table->row_text[count] = s.record_text;
    ++count;
  }
  table->rows.resize(count);
  table->line_of_row.resize(count);
  table->row_text.resize(keep_text ? count : 0);
  return count > 0;
}

CsvTable ReadCsv(const std::string& path, const CsvOptions& options) {
  CsvRecordReader reader(path, options);
  CsvTable table;
  if (!reader.NextBlock(SIZE_MAX, &table)) throw common::DataError(path, 0, 0, "no data rows");
  return table;
}

CsvTable ParseCsv(std::string_view text, const std::string& name_for_errors,
                  const CsvOptions& options) {
  CsvRecordReader reader(text, name_for_errors, options);
  CsvTable table;
  if (!reader.NextBlock(SIZE_MAX, &table)) {
    throw common::DataError(name_for_errors, 0, 0, "no data rows");
  }
  return table;
}

bool ParseNumberText(const std::string& cell, double* value) {
  const char* begin = cell.c_str();
  char* end = nullptr;
  *value = std::strtod(begin, &end);
  return !cell.empty() && end == begin + cell.size();
}

double ParseNumber(const CsvTable& table, std::size_t row, std::size_t column) {
  if (row >= table.rows.size() || column >= table.header.size()) {
    throw std::out_of_range("ParseNumber: cell (" + std::to_string(row) + ", " +
                            std::to_string(column) + ") is outside the table");
  }
  const std::string& cell = table.rows[row][column];
  double value = 0.0;
  if (!ParseNumberText(cell, &value)) {
    throw common::DataError(table.path, table.line_of_row[row], column + 1,
                            "column " + QuoteForMessage(table.header[column]) +
                                ": not a number: " + QuoteForMessage(cell));
  }
  return value;
}

}  // namespace tinyfair::host::data
