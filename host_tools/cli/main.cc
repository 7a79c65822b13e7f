// tinyfair: learn fair models on the host and ship them to microcontrollers.
#include <CLI/CLI.hpp>
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

void AddLabelOptions(CLI::App& command, LabelOptions& options, bool required) {
  auto* label = command.add_option("--label", options.label, "Label column");
  if (required) label->required();
  command
      .add_option("--positive", options.positive,
                  "Label values meaning positive (comma-separated; default: the label is 0/1)")
      ->delimiter(',');
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
  CLI::App app{"tinyfair: fair, randomized, auditable decisions on microcontrollers"};
  app.require_subcommand(1);
  // Ctrl-C or a kill while an output is written leaves no temporary.
  tinyfair::host::common::RemoveTemporariesOnSignals();
  tinyfair::cli::AddDataCommands(app);
  tinyfair::cli::AddDebiasCommand(app);
  tinyfair::cli::AddTrainCommand(app);
  tinyfair::cli::AddPostprocessCommand(app);
  tinyfair::cli::AddModelCommands(app);
  tinyfair::cli::AddKeyCommands(app);
  tinyfair::cli::AddRunCommands(app);
  tinyfair::cli::AddSweepCommand(app);
  tinyfair::cli::AddNoiseCommand(app);
  tinyfair::cli::AddMonitorCommand(app);
  // One exit-status scheme for every command (README, "Exit status"): 0 done,
  // 1 a system or internal error, 2 bad input (the command line or a file),
  // 3 a fit that --strict does not accept.
  constexpr int kBadInputExit = 2, kSystemErrorExit = 1;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int status = app.exit(error);  // prints the message, or the help
    return status == 0 ? 0 : kBadInputExit;
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
