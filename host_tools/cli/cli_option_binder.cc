#include "host_tools/cli/cli_option_binder.h"

#include <cmath>
#include <cstdlib>

namespace tinyfair::cli {
namespace {

using host::fit::OptionCheck;

// The command line's range checks compare with < and >, which NaN passes.
const TextCheck kNotNan{
    [](const std::string& text) -> std::string {
      return std::isnan(std::strtod(text.c_str(), nullptr)) ? "'" + text + "' is not a number" : "";
    },
    ""};

// The check of `check` on an option of type T (a range check names its
// type in --help: INT or FLOAT).
template <typename T>
void AddCheck(CommandOption option, const OptionCheck& check) {
  if (check.kind == OptionCheck::Kind::kRange || check.kind == OptionCheck::Kind::kPositive ||
      check.kind == OptionCheck::Kind::kNonNegative) {
    option.Check(kNotNan);
  }
  switch (check.kind) {
    case OptionCheck::Kind::kNone:
      return;
    case OptionCheck::Kind::kChoices:
      option.OneOf(check.choices);
      return;
    case OptionCheck::Kind::kRange:
      option.Within(static_cast<T>(check.min), static_cast<T>(check.max));
      return;
    case OptionCheck::Kind::kPositive:
      option.Positive();
      return;
    case OptionCheck::Kind::kNonNegative:
      option.NonNegative();
      return;
    case OptionCheck::Kind::kExistingFile:
      option.ExistingFile();
      return;
  }
}

std::string FlagName(const std::string& name) { return "--" + name; }

}  // namespace

void CliOptionBinder::Flag(const std::string& name, bool* value, const std::string& help) {
  command_.Flag(FlagName(name), value, help);
}

void CliOptionBinder::Number(const std::string& name, double* value, const std::string& help,
                             const OptionCheck& check) {
  AddCheck<double>(command_.Option(FlagName(name), value, help), check);
}

void CliOptionBinder::Integer(const std::string& name, int* value, const std::string& help,
                              const OptionCheck& check) {
  AddCheck<int>(command_.Option(FlagName(name), value, help), check);
}

void CliOptionBinder::Count(const std::string& name, uint32_t* value, const std::string& help,
                            const OptionCheck& check) {
  AddCheck<uint32_t>(command_.Option(FlagName(name), value, help), check);
}

void CliOptionBinder::Text(const std::string& name, std::string* value, const std::string& help,
                           const OptionCheck& check) {
  AddCheck<double>(command_.Option(FlagName(name), value, help), check);
}

void CliOptionBinder::Numbers(const std::string& name, std::vector<double>* value,
                              const std::string& help, const OptionCheck& check) {
  AddCheck<double>(command_.Option(FlagName(name), value, help).CommaSeparated(), check);
}

void CliOptionBinder::Texts(const std::string& name, std::vector<std::string>* value,
                            const std::string& help, const OptionCheck& check) {
  AddCheck<double>(command_.Option(FlagName(name), value, help).CommaSeparated(), check);
}

}  // namespace tinyfair::cli
