#include "host_tools/simulate/readable_decision_log.h"

#include <stdexcept>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::simulate {
namespace {

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes
// doubled.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    quoted += c;
    if (c == '"') quoted += '"';
  }
  return quoted + "\"";
}

}  // namespace

std::string ReadableColumns(const runtime::Decision& decision,
                            const std::vector<std::string>& group_names) {
  const bool decided = runtime::IsOk(decision.status);
  const std::string outcome = !decided
                                  ? std::string("refused:") + runtime::StatusName(decision.status)
                              : decision.positive ? "positive"
                                                  : "negative";
  const std::string group =
      decided && decision.group < group_names.size() ? group_names[decision.group] : "";
  return common::FormatText(",%.9g,", static_cast<double>(decision.probability)) + outcome + "," +
         CsvField(group);
}

std::string WithReadableColumns(const std::string& log,
                                const std::vector<runtime::Decision>& decisions,
                                const std::vector<std::string>& group_names) {
  std::string out;
  out.reserve(log.size() + decisions.size() * 32);
  size_t start = 0, line = 0;
  while (start < log.size()) {
    const size_t end = log.find('\n', start);
    if (end == std::string::npos) throw std::invalid_argument("decision log without final newline");
    if (line > decisions.size()) {
      throw std::invalid_argument("the decision log has more lines than decisions");
    }
    out.append(log, start, end - start);
    out += line == 0 ? std::string(",") + kReadableColumnsHeader
                     : ReadableColumns(decisions[line - 1], group_names);
    out += '\n';
    start = end + 1;
    ++line;
  }
  if (line != decisions.size() + 1) {
    throw std::invalid_argument("the decision log has fewer lines than decisions");
  }
  return out;
}

}  // namespace tinyfair::host::simulate
