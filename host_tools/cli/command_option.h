// One option or flag of a command, as the command declares it: the rules
// its value must meet (checked and shown in --help by the command line) and
// whether the command line gave it. Names no parser type, so that only
// command_line.cc compiles the parser.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tinyfair::cli {

/// A check of an option's text that the command line has no word for:
/// `problem` says why `text` is refused (empty: accepted); `description`
/// follows the option's type in --help ("TEXT:FILE").
struct TextCheck {
  std::function<std::string(const std::string& text)> problem;
  std::string description;
};

struct ParsedOption;  // the parser's option (command_line.cc)

/// A handle: copies name the same option, which the command line keeps.
class CommandOption {
 public:
  CommandOption() = default;  // no option: never given
  explicit CommandOption(ParsedOption* parsed) : parsed_(parsed) {}

  /// The command refuses to run without it.
  CommandOption& Required();
  /// A list option's values may also come comma-separated in one argument.
  CommandOption& CommaSeparated();
  /// Only the name of an existing file.
  CommandOption& ExistingFile();
  /// Only one of `choices` (--help lists them).
  CommandOption& OneOf(const std::vector<std::string>& choices);
  /// Only a number above 0 ("POSITIVE" in --help). Like Within, a range
  /// check: NaN passes it, and the value's conversion decides.
  CommandOption& Positive();
  /// Only a number of at least 0 ("NONNEGATIVE"; NaN passes, as above).
  CommandOption& NonNegative();
  /// Only a value in [low, high], compared (and said in --help) as a T.
  template <typename T>
  CommandOption& Within(T low, T high);
  /// Only a text `check` accepts.
  CommandOption& Check(const TextCheck& check);
  /// Refused unless `other` is given too.
  CommandOption& Needs(const CommandOption& other);
  /// --help shows the value the option has now ("FLOAT=0.1").
  CommandOption& DefaultInHelp();

  /// Whether the command line gave the option (after parsing).
  bool Given() const;

 private:
  ParsedOption* parsed_ = nullptr;
};

}  // namespace tinyfair::cli
