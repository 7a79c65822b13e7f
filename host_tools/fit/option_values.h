// The options a method binds (option_binder.h), held by name so that a
// front end without a command line (the Python package) can list them with
// their defaults and set them from text, checked as the command line
// checks them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "host_tools/fit/option_binder.h"

namespace tinyfair::host::fit {

/// One bound option as a front end shows it.
struct OptionDescription {
  std::string name;  // without dashes: "noise-rate"
  /// flag | number | integer | count | text | numbers | texts
  std::string kind;
  std::string help;
  /// The value when it was bound, as text Set() accepts (lists
  /// comma-separated; flags "true" or "false").
  std::string default_text;
  /// The allowed values, when the option has a fixed set.
  std::vector<std::string> choices;
};

class OptionValues : public OptionBinder {
 public:
  void Flag(const std::string& name, bool* value, const std::string& help) override;
  void Number(const std::string& name, double* value, const std::string& help,
              const OptionCheck& check = {}) override;
  void Integer(const std::string& name, int* value, const std::string& help,
               const OptionCheck& check = {}) override;
  void Count(const std::string& name, uint32_t* value, const std::string& help,
             const OptionCheck& check = {}) override;
  void Text(const std::string& name, std::string* value, const std::string& help,
            const OptionCheck& check = {}) override;
  void Numbers(const std::string& name, std::vector<double>* value, const std::string& help,
               const OptionCheck& check = {}) override;
  void Texts(const std::string& name, std::vector<std::string>* value, const std::string& help,
             const OptionCheck& check = {}) override;

  /// Sets the option `name` from `text` (a list: comma-separated), after
  /// the checks it was bound with; on an error nothing changes.
  /// @throws std::invalid_argument for an unknown name or a value the
  ///         command line would refuse, saying why as CLI11 does.
  void Set(const std::string& name, const std::string& text);

  /// Every bound option, in binding order.
  std::vector<OptionDescription> Describe() const;

 private:
  struct Bound {
    OptionDescription description;
    /// Parses and checks `text`, then stores it; throws before storing.
    std::function<void(const std::string& text)> set;
  };
  void Add(OptionDescription description, std::function<void(const std::string&)> set);

  std::vector<Bound> options_;
};

}  // namespace tinyfair::host::fit
