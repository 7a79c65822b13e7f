// The library's options (fit/option_binder.h) as flags of a command:
// "--NAME", lists comma-separated, each check as the command line's check
// that says the same in --help and refuses the same values.
#pragma once

#include "host_tools/cli/command.h"
#include "host_tools/fit/option_binder.h"

namespace tinyfair::cli {

class CliOptionBinder : public host::fit::OptionBinder {
 public:
  explicit CliOptionBinder(Command& command) : command_(command) {}

  void Flag(const std::string& name, bool* value, const std::string& help) override;
  void Number(const std::string& name, double* value, const std::string& help,
              const host::fit::OptionCheck& check = {}) override;
  void Integer(const std::string& name, int* value, const std::string& help,
               const host::fit::OptionCheck& check = {}) override;
  void Count(const std::string& name, uint32_t* value, const std::string& help,
             const host::fit::OptionCheck& check = {}) override;
  void Text(const std::string& name, std::string* value, const std::string& help,
            const host::fit::OptionCheck& check = {}) override;
  void Numbers(const std::string& name, std::vector<double>* value, const std::string& help,
               const host::fit::OptionCheck& check = {}) override;
  void Texts(const std::string& name, std::vector<std::string>* value, const std::string& help,
             const host::fit::OptionCheck& check = {}) override;

 private:
  Command& command_;
};

}  // namespace tinyfair::cli
