// A method's own options, declared once for every front end: the command
// line binds them as flags (cli/cli_option_binder.h), the Python package
// as estimator parameters (option_values.h). Each option is bound to the
// variable that holds it, whose value at binding time is its default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tinyfair::host::fit {

/// What a value must satisfy, checked when it is set.
struct OptionCheck {
  enum class Kind { kNone, kChoices, kRange, kPositive, kNonNegative, kExistingFile };
  Kind kind = Kind::kNone;
  std::vector<std::string> choices;  // kChoices
  double min = 0.0, max = 0.0;       // kRange, both inclusive

  static OptionCheck None() { return {}; }
  static OptionCheck Choices(std::vector<std::string> allowed) {
    OptionCheck check;
    check.kind = Kind::kChoices;
    check.choices = std::move(allowed);
    return check;
  }
  static OptionCheck Range(double low, double high) {
    OptionCheck check;
    check.kind = Kind::kRange;
    check.min = low;
    check.max = high;
    return check;
  }
  static OptionCheck Positive() { return {Kind::kPositive, {}, 0.0, 0.0}; }
  static OptionCheck NonNegative() { return {Kind::kNonNegative, {}, 0.0, 0.0}; }
  static OptionCheck ExistingFile() { return {Kind::kExistingFile, {}, 0.0, 0.0}; }
};

/// Binds options by name: the flag name without its dashes ("noise-rate").
/// Lists are comma-separated on the command line.
class OptionBinder {
 public:
  virtual ~OptionBinder() = default;
  virtual void Flag(const std::string& name, bool* value, const std::string& help) = 0;
  virtual void Number(const std::string& name, double* value, const std::string& help,
                      const OptionCheck& check = {}) = 0;
  virtual void Integer(const std::string& name, int* value, const std::string& help,
                       const OptionCheck& check = {}) = 0;
  virtual void Count(const std::string& name, uint32_t* value, const std::string& help,
                     const OptionCheck& check = {}) = 0;
  virtual void Text(const std::string& name, std::string* value, const std::string& help,
                    const OptionCheck& check = {}) = 0;
  virtual void Numbers(const std::string& name, std::vector<double>* value, const std::string& help,
                       const OptionCheck& check = {}) = 0;
  virtual void Texts(const std::string& name, std::vector<std::string>* value,
                     const std::string& help, const OptionCheck& check = {}) = 0;
};

}  // namespace tinyfair::host::fit
