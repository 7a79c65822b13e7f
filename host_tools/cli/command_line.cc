// The command line's declarations (command_line.h, command.h,
// command_option.h) on CLI11: the only file of the host tools that includes
// its header, which costs every file that does seconds of compiling.
#include "host_tools/cli/command_line.h"

#include <CLI/CLI.hpp>
#include <deque>
#include <map>
#include <type_traits>
#include <vector>

namespace tinyfair::cli {

struct ParsedOption {
  CLI::Option* option;
};

struct ParsedCommand {
  CLI::App* app;
  std::deque<ParsedOption> options;  // a deque: handles keep pointing at them

  CommandOption Keep(CLI::Option* option) {
    options.push_back({option});
    return CommandOption(&options.back());
  }
};

struct CommandLine::Parser {
  explicit Parser(const std::string& description) : app(description) {}

  CLI::App app;
  std::deque<ParsedCommand> commands;
};

CommandOption& CommandOption::Required() {
  parsed_->option->required();
  return *this;
}

CommandOption& CommandOption::CommaSeparated() {
  parsed_->option->delimiter(',');
  return *this;
}

CommandOption& CommandOption::ExistingFile() {
  parsed_->option->check(CLI::ExistingFile);
  return *this;
}

CommandOption& CommandOption::OneOf(const std::vector<std::string>& choices) {
  parsed_->option->check(CLI::IsMember(choices));
  return *this;
}

CommandOption& CommandOption::Positive() {
  parsed_->option->check(CLI::PositiveNumber);
  return *this;
}

CommandOption& CommandOption::NonNegative() {
  parsed_->option->check(CLI::NonNegativeNumber);
  return *this;
}

template <typename T>
CommandOption& CommandOption::Within(T low, T high) {
  parsed_->option->check(CLI::Range(low, high));
  return *this;
}

template CommandOption& CommandOption::Within(int, int);
template CommandOption& CommandOption::Within(long long, long long);
template CommandOption& CommandOption::Within(unsigned, unsigned);
template CommandOption& CommandOption::Within(unsigned long, unsigned long);
template CommandOption& CommandOption::Within(double, double);

CommandOption& CommandOption::Check(const TextCheck& check) {
  parsed_->option->check(CLI::Validator(
      [problem = check.problem](std::string& text) { return problem(text); }, check.description));
  return *this;
}

CommandOption& CommandOption::Needs(const CommandOption& other) {
  parsed_->option->needs(other.parsed_->option);
  return *this;
}

CommandOption& CommandOption::DefaultInHelp() {
  parsed_->option->capture_default_str();
  return *this;
}

bool CommandOption::Given() const { return parsed_ != nullptr && parsed_->option->count() > 0; }

namespace {

// CLI11 2.1.2 reads "-4" into an unsigned option as 2^64 - 4, a count that
// asks for all the memory there is: a negative number is refused by name.
CLI::Validator NotNegative() {
  return CLI::Validator(
      [](const std::string& text) {
        const size_t first = text.find_first_not_of(" \t");
        return first != std::string::npos && text[first] == '-'
                   ? "Value " + text + " is negative: a count or a size is 0 or more"
                   : std::string();
      },
      "");
}

}  // namespace

template <typename T>
CommandOption Command::Option(const std::string& name, T* value, const std::string& help) {
  CLI::Option* option = parsed_->app->add_option(name, *value, help);
  if constexpr (std::is_unsigned_v<T>) option->check(NotNegative());
  return parsed_->Keep(option);
}

template CommandOption Command::Option(const std::string&, std::string*, const std::string&);
template CommandOption Command::Option(const std::string&, double*, const std::string&);
template CommandOption Command::Option(const std::string&, int*, const std::string&);
template CommandOption Command::Option(const std::string&, long*, const std::string&);
template CommandOption Command::Option(const std::string&, long long*, const std::string&);
template CommandOption Command::Option(const std::string&, unsigned*, const std::string&);
template CommandOption Command::Option(const std::string&, unsigned long*, const std::string&);
template CommandOption Command::Option(const std::string&, unsigned long long*, const std::string&);
template CommandOption Command::Option(const std::string&, std::vector<std::string>*,
                                       const std::string&);
template CommandOption Command::Option(const std::string&, std::vector<double>*,
                                       const std::string&);

CommandOption Command::Flag(const std::string& name, bool* value, const std::string& help) {
  return parsed_->Keep(parsed_->app->add_flag(name, *value, help));
}

// As CLI11 binds an enum variable: its number, "ENUM" in --help.
CommandOption Command::NamedNumber(const std::string& name, std::function<void(int)> set,
                                   const std::string& help,
                                   const std::vector<std::pair<std::string, int>>& numbers) {
  CLI::Option* option = parsed_->app->add_option_function<int>(name, set, help);
  option->type_name("ENUM");
  option->run_callback_for_default();
  option->transform(
      CLI::CheckedTransformer(std::map<std::string, int>(numbers.begin(), numbers.end())));
  return parsed_->Keep(option);
}

void Command::Action(std::function<void()> action) { parsed_->app->callback(std::move(action)); }

CommandLine::CommandLine(const std::string& description)
    : parser_(std::make_unique<Parser>(description)) {
  parser_->app.require_subcommand(1);
}

CommandLine::~CommandLine() = default;

Command CommandLine::AddCommand(const std::string& name, const std::string& description) {
  parser_->commands.push_back({parser_->app.add_subcommand(name, description), {}});
  return Command(&parser_->commands.back());
}

int CommandLine::Run(int argc, char** argv) {
  try {
    parser_->app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return parser_->app.exit(error);  // prints the message, or the help
  }
  return 0;
}

void RefuseMissingOption(const std::string& what) { throw CLI::RequiredError(what); }

}  // namespace tinyfair::cli
