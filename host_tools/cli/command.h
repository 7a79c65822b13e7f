// One subcommand of tinyfair as it declares itself: its options, flags and
// the action that runs when the command line chooses it.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/cli/command_option.h"

namespace tinyfair::cli {

struct ParsedCommand;  // the parser's subcommand (command_line.cc)

/// A handle: copies name the same command, which the command line keeps.
class Command {
 public:
  explicit Command(ParsedCommand* parsed) : parsed_(parsed) {}

  /// "--name VALUE" (or the positional argument "name") setting `*value`,
  /// whose value now is the default. A list option takes every value given,
  /// after one flag or with the flag repeated. T: std::string, double, int,
  /// long, long long, the unsigned integers, or a std::vector of std::string
  /// or double (command_line.cc instantiates these).
  template <typename T>
  CommandOption Option(const std::string& name, T* value, const std::string& help);

  /// "--name" setting `*value` to true, or "!--no-name" setting it to false.
  CommandOption Flag(const std::string& name, bool* value, const std::string& help);

  /// "--name NAME" setting `*value` to the enumerator `names` gives NAME
  /// (or to the enumerator's number).
  template <typename Enum>
  CommandOption Named(const std::string& name, Enum* value, const std::string& help,
                      const std::vector<std::pair<std::string, Enum>>& names) {
    std::vector<std::pair<std::string, int>> numbers;
    for (const auto& [text, enumerator] : names) {
      numbers.emplace_back(text, static_cast<int>(enumerator));
    }
    return NamedNumber(
        name, [value](int number) { *value = static_cast<Enum>(number); }, help, numbers);
  }

  /// What runs when the command line chooses this command, after every
  /// option is set and checked.
  void Action(std::function<void()> action);

 private:
  CommandOption NamedNumber(const std::string& name, std::function<void(int)> set,
                            const std::string& help,
                            const std::vector<std::pair<std::string, int>>& numbers);

  ParsedCommand* parsed_;
};

}  // namespace tinyfair::cli
