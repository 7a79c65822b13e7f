// Error raised by host tools when an input file or its contents are unusable.

#ifndef TINYFAIR_HOST_TOOLS_DATA_ERROR_H_
#define TINYFAIR_HOST_TOOLS_DATA_ERROR_H_

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace tinyfair::host::common {

/// A problem with input data, located in a file.
///
/// `line` is the 1-based line number in the file (0 = the whole file) and
/// `column` the 1-based field number within that line (0 = the whole line).
/// what() reads `FILE:LINE:COLUMN: message`, the form editors and compilers
/// use, with the LINE and COLUMN parts left out when they are 0 (COLUMN is
/// also left out when LINE is 0, since a column alone locates nothing).
class DataError : public std::runtime_error {
 public:
  DataError(std::string file, std::size_t line, std::size_t column, std::string message)
      : std::runtime_error(Format(file, line, column, message)),
        file_(std::move(file)),
        line_(line),
        column_(column),
        message_(std::move(message)) {}

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  /// The message without the location prefix.
  const std::string& message() const { return message_; }

 private:
  static std::string Format(const std::string& file, std::size_t line, std::size_t column,
                            const std::string& message) {
    std::string text = file;
    if (line != 0) {
      text += ':' + std::to_string(line);
      if (column != 0) text += ':' + std::to_string(column);
    }
    text += ": ";
    text += message;
    return text;
  }

  std::string file_;
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

}  // namespace tinyfair::host::common

#endif  // TINYFAIR_HOST_TOOLS_DATA_ERROR_H_
