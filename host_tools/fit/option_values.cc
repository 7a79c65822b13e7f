#include "host_tools/fit/option_values.h"

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::fit {
namespace {

std::string FlagName(const std::string& name) { return "--" + name; }

// Shortest text that reads back as the same double.
std::string DoubleText(double value) {
  for (int digits = 6; digits < 17; ++digits) {
    const std::string text = common::FormatText("%.*g", digits, value);
    if (std::strtod(text.c_str(), nullptr) == value) return text;
  }
  return common::FormatText("%.17g", value);
}

template <typename T>
std::string ValueText(const T& value) {
  if constexpr (std::is_same_v<T, double>) {
    return DoubleText(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return value;
  } else {
    return std::to_string(value);
  }
}

template <typename T>
std::string ListText(const std::vector<T>& values) {
  std::string text;
  for (const T& value : values) text += (text.empty() ? "" : ",") + ValueText(value);
  return text;
}

std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

std::invalid_argument ConversionError(const std::string& name, const std::string& text) {
  return std::invalid_argument("Could not convert: " + FlagName(name) + " = " + text);
}

// `text` as a T, the whole of it (as CLI11's lexical_cast).
template <typename T>
T Parse(const std::string& name, const std::string& text) {
  if constexpr (std::is_same_v<T, std::string>) {
    return text;
  } else {
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    if constexpr (std::is_same_v<T, double>) {
      const double value = std::strtod(begin, &end);
      if (text.empty() || *end != '\0' || errno == ERANGE) throw ConversionError(name, text);
      return value;
    } else {
      const long long value = std::strtoll(begin, &end, 10);
      if (text.empty() || *end != '\0' || errno == ERANGE ||
          value < static_cast<long long>(std::numeric_limits<T>::min()) ||
          value > static_cast<long long>(std::numeric_limits<T>::max()) ||
          (std::is_unsigned_v<T> && text.find('-') != std::string::npos)) {
        throw ConversionError(name, text);
      }
      return static_cast<T>(value);
    }
  }
}

// What CLI11's Range says of a value outside [low, high] of type T.
template <typename T>
std::string OutOfRange(const std::string& text, T low, T high) {
  return "Value " + text + " not in range " + std::to_string(low) + " to " + std::to_string(high);
}

// Empty when `text` passes `check`, else why not (as the CLI11 validator).
template <typename T>
std::string CheckFailure(const OptionCheck& check, const std::string& text) {
  using Kind = OptionCheck::Kind;
  const auto number = [&](double& value) {
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0';
  };
  double value = 0.0;
  switch (check.kind) {
    case Kind::kNone:
      return "";
    case Kind::kChoices: {
      std::string set;
      for (const auto& choice : check.choices) set += (set.empty() ? "" : ",") + choice;
      for (const auto& choice : check.choices) {
        if (choice == text) return "";
      }
      return text + " not in {" + set + "}";
    }
    case Kind::kRange: {
      // A list of texts has no range; numbers are ranged in their own type.
      using R = std::conditional_t<std::is_arithmetic_v<T>, T, double>;
      const R low = static_cast<R>(check.min), high = static_cast<R>(check.max);
      if (number(value) && value >= static_cast<double>(low) && value <= static_cast<double>(high))
        return "";
      return OutOfRange(text, low, high);
    }
    case Kind::kPositive: {
      const double low = std::numeric_limits<double>::min();
      const double high = std::numeric_limits<double>::max();
      return number(value) && value >= low && value <= high ? "" : OutOfRange(text, low, high);
    }
    case Kind::kNonNegative: {
      const double high = std::numeric_limits<double>::max();
      return number(value) && value >= 0.0 && value <= high ? "" : OutOfRange(text, 0.0, high);
    }
    case Kind::kExistingFile: {
      struct stat status {};
      if (stat(text.c_str(), &status) != 0) return "File does not exist: " + text;
      if (S_ISDIR(status.st_mode)) return "File is actually a directory: " + text;
      return "";
    }
  }
  return "";
}

// A value of type T (range checks in T, as the command line's).
template <typename T>
T ParseChecked(const std::string& name, const OptionCheck& check, const std::string& text) {
  const T value = Parse<T>(name, text);
  const std::string failure = CheckFailure<T>(check, text);
  if (!failure.empty()) throw std::invalid_argument(FlagName(name) + ": " + failure);
  return value;
}

OptionDescription Description(const std::string& name, const char* kind, const std::string& help,
                              std::string default_text, const OptionCheck& check) {
  return {name, kind, help, std::move(default_text), check.choices};
}

}  // namespace

void OptionValues::Add(OptionDescription description, std::function<void(const std::string&)> set) {
  for (const Bound& bound : options_) {
    if (bound.description.name == description.name) {
      throw std::logic_error("option '" + description.name + "' bound twice");
    }
  }
  options_.push_back({std::move(description), std::move(set)});
}

void OptionValues::Flag(const std::string& name, bool* value, const std::string& help) {
  Add(Description(name, "flag", help, *value ? "true" : "false", {}),
      [name, value](const std::string& text) {
        if (text == "true" || text == "1" || text == "on" || text == "yes") {
          *value = true;
        } else if (text == "false" || text == "0" || text == "off" || text == "no") {
          *value = false;
        } else {
          throw std::invalid_argument(FlagName(name) + ": Should be true/false or a number");
        }
      });
}

void OptionValues::Number(const std::string& name, double* value, const std::string& help,
                          const OptionCheck& check) {
  Add(Description(name, "number", help, ValueText(*value), check),
      [name, value, check](const std::string& text) {
        *value = ParseChecked<double>(name, check, text);
      });
}

void OptionValues::Integer(const std::string& name, int* value, const std::string& help,
                           const OptionCheck& check) {
  Add(Description(name, "integer", help, ValueText(*value), check),
      [name, value, check](const std::string& text) {
        *value = ParseChecked<int>(name, check, text);
      });
}

void OptionValues::Count(const std::string& name, uint32_t* value, const std::string& help,
                         const OptionCheck& check) {
  Add(Description(name, "count", help, ValueText(*value), check),
      [name, value, check](const std::string& text) {
        *value = ParseChecked<uint32_t>(name, check, text);
      });
}

void OptionValues::Text(const std::string& name, std::string* value, const std::string& help,
                        const OptionCheck& check) {
  Add(Description(name, "text", help, *value, check),
      [name, value, check](const std::string& text) {
        *value = ParseChecked<std::string>(name, check, text);
      });
}

void OptionValues::Numbers(const std::string& name, std::vector<double>* value,
                           const std::string& help, const OptionCheck& check) {
  Add(Description(name, "numbers", help, ListText(*value), check),
      [name, value, check](const std::string& text) {
        std::vector<double> values;
        for (const auto& item : SplitList(text))
          values.push_back(ParseChecked<double>(name, check, item));
        *value = std::move(values);
      });
}

void OptionValues::Texts(const std::string& name, std::vector<std::string>* value,
                         const std::string& help, const OptionCheck& check) {
  Add(Description(name, "texts", help, ListText(*value), check),
      [name, value, check](const std::string& text) {
        std::vector<std::string> values;
        for (const auto& item : SplitList(text))
          values.push_back(ParseChecked<std::string>(name, check, item));
        *value = std::move(values);
      });
}

void OptionValues::Set(const std::string& name, const std::string& text) {
  for (const Bound& bound : options_) {
    if (bound.description.name == name) {
      bound.set(text);
      return;
    }
  }
  throw std::invalid_argument("The following argument was not expected: " + FlagName(name));
}

std::vector<OptionDescription> OptionValues::Describe() const {
  std::vector<OptionDescription> descriptions;
  for (const Bound& bound : options_) descriptions.push_back(bound.description);
  return descriptions;
}

}  // namespace tinyfair::host::fit
