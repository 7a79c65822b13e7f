// tinyfair: learn fair models on the host and ship them to microcontrollers.
#include <algorithm>
#include <exception>
#include <iostream>
#include <stdexcept>

#include "host_tools/cli/cli_common.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/signal_temporaries.h"
#include "host_tools/fit/fit_not_accepted.h"
#include "host_tools/model/model_refused.h"

namespace tinyfair::cli {

void AddLabelOptions(Command& command, LabelOptions& options, bool required) {
  CommandOption label = command.Option("--label", &options.label, "Label column");
  if (required) label.Required();
  command
      .Option("--positive", &options.positive,
              "Label values meaning positive (comma-separated; default: the label is 0/1)")
      .CommaSeparated();
}

std::string TableToCsv(const host::data::CsvTable& table, const std::vector<size_t>& rows) {
  auto cell = [](const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
  };
  std::string out;
  for (size_t c = 0; c < table.header.size(); ++c) out += (c ? "," : "") + cell(table.header[c]);
  out += "\n";
  for (size_t r : rows) {
    for (size_t c = 0; c < table.header.size(); ++c) out += (c ? "," : "") + cell(table.rows[r][c]);
    out += "\n";
  }
  return out;
}

}  // namespace tinyfair::cli

int main(int argc, char** argv) {
  tinyfair::cli::CommandLine command_line{
      "tinyfair: fair, randomized, auditable decisions on microcontrollers"};
  // Ctrl-C or a kill while an output is written leaves no temporary.
  tinyfair::host::common::RemoveTemporariesOnSignals();
  tinyfair::cli::AddDataCommands(command_line);
  tinyfair::cli::AddDebiasCommand(command_line);
  tinyfair::cli::AddTrainCommand(command_line);
  tinyfair::cli::AddPostprocessCommand(command_line);
  tinyfair::cli::AddModelCommands(command_line);
  tinyfair::cli::AddKeyCommands(command_line);
  tinyfair::cli::AddRunCommands(command_line);
  tinyfair::cli::AddSweepCommand(command_line);
  tinyfair::cli::AddNoiseCommand(command_line);
  tinyfair::cli::AddMonitorCommand(command_line);
  // One exit-status scheme for every command (README, "Exit status"): 0 done,
  // 1 a system or internal error, 2 bad input (the command line or a file),
  // 3 a fit that --strict does not accept.
  constexpr int kBadInputExit = 2, kSystemErrorExit = 1;
  try {
    // A refused command line has been said; --help is 0.
    if (command_line.Run(argc, argv) != 0) return kBadInputExit;
  } catch (const tinyfair::host::fit::FitNotAccepted& error) {
    std::cerr << "tinyfair: " << tinyfair::host::common::TerminalText(error.what()) << "\n";
    return tinyfair::host::fit::kFitNotAcceptedExit;
  } catch (const tinyfair::host::common::DataError& error) {
    std::cerr << "tinyfair: " << tinyfair::host::common::TerminalText(error.what()) << "\n";
    return kBadInputExit;
  } catch (const std::invalid_argument& error) {  // options that do not go together
    std::cerr << "tinyfair: " << tinyfair::host::common::TerminalText(error.what()) << "\n";
    return kBadInputExit;
  } catch (const tinyfair::host::model::ModelFileError& error) {  // the runtime's refusal, ...
    std::cerr << "tinyfair: " << tinyfair::host::common::TerminalText(error.what()) << "\n";
    return kBadInputExit;
  } catch (const std::exception& error) {
    std::cerr << "tinyfair: " << tinyfair::host::common::TerminalText(error.what()) << "\n";
    return kSystemErrorExit;
  }
  return 0;
}
