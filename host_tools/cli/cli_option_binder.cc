#include "host_tools/cli/cli_option_binder.h"

#include <cmath>
#include <cstdlib>

namespace tinyfair::cli {
namespace {

using host::fit::OptionCheck;

// CLI11's numeric checks compare with < and >, which NaN passes.
const CLI::Validator kNotNan(
    [](std::string& text) -> std::string {
      return std::isnan(std::strtod(text.c_str(), nullptr)) ? "'" + text + "' is not a number" : "";
    },
    "");

// The validator of `check` for a value of type T (CLI11's Range names its
// type in --help: INT or FLOAT).
template <typename T>
void AddCheck(CLI::Option* option, const OptionCheck& check) {
  if (check.kind == OptionCheck::Kind::kRange || check.kind == OptionCheck::Kind::kPositive ||
      check.kind == OptionCheck::Kind::kNonNegative) {
    option->check(kNotNan);
  }
  switch (check.kind) {
    case OptionCheck::Kind::kNone:
      return;
    case OptionCheck::Kind::kChoices:
      option->check(CLI::IsMember(check.choices));
      return;
    case OptionCheck::Kind::kRange:
      option->check(CLI::Range(static_cast<T>(check.min), static_cast<T>(check.max)));
      return;
    case OptionCheck::Kind::kPositive:
      option->check(CLI::PositiveNumber);
      return;
    case OptionCheck::Kind::kNonNegative:
      option->check(CLI::NonNegativeNumber);
      return;
    case OptionCheck::Kind::kExistingFile:
      option->check(CLI::ExistingFile);
      return;
  }
}

std::string FlagName(const std::string& name) { return "--" + name; }

}  // namespace

void CliOptionBinder::Flag(const std::string& name, bool* value, const std::string& help) {
  command_.add_flag(FlagName(name), *value, help);
}

void CliOptionBinder::Number(const std::string& name, double* value, const std::string& help,
                             const OptionCheck& check) {
  AddCheck<double>(command_.add_option(FlagName(name), *value, help), check);
}

void CliOptionBinder::Integer(const std::string& name, int* value, const std::string& help,
                              const OptionCheck& check) {
  AddCheck<int>(command_.add_option(FlagName(name), *value, help), check);
}

void CliOptionBinder::Count(const std::string& name, uint32_t* value, const std::string& help,
                            const OptionCheck& check) {
  AddCheck<uint32_t>(command_.add_option(FlagName(name), *value, help), check);
}

void CliOptionBinder::Text(const std::string& name, std::string* value, const std::string& help,
                           const OptionCheck& check) {
  AddCheck<double>(command_.add_option(FlagName(name), *value, help), check);
}

void CliOptionBinder::Numbers(const std::string& name, std::vector<double>* value,
                              const std::string& help, const OptionCheck& check) {
  AddCheck<double>(command_.add_option(FlagName(name), *value, help)->delimiter(','), check);
}

void CliOptionBinder::Texts(const std::string& name, std::vector<std::string>* value,
                            const std::string& help, const OptionCheck& check) {
  AddCheck<double>(command_.add_option(FlagName(name), *value, help)->delimiter(','), check);
}

}  // namespace tinyfair::cli
