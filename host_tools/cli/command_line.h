// tinyfair's command line: its subcommands, the parse that runs the chosen
// one, and the refusals that read like the parser's own. The one place that
// knows the parser (CLI11): its header is compiled once, in command_line.cc.
#pragma once

#include <memory>
#include <string>

#include "host_tools/cli/command.h"

namespace tinyfair::cli {

class CommandLine {
 public:
  /// A program of exactly one subcommand per run.
  explicit CommandLine(const std::string& description);
  ~CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  Command AddCommand(const std::string& name, const std::string& description);

  /// Parses `argv` and runs the chosen command's action, whose exceptions
  /// pass through. Returns 0, also after printing --help, or the parser's
  /// nonzero status after printing why it refused the command line.
  int Run(int argc, char** argv);

 private:
  struct Parser;
  std::unique_ptr<Parser> parser_;
};

/// Refuses the command line from inside an action as the parser refuses a
/// missing required option: "<what> is required".
[[noreturn]] void RefuseMissingOption(const std::string& what);

}  // namespace tinyfair::cli
