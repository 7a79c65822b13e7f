// tinyfair: learn fair models on the host and ship them to microcontrollers.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <stdexcept>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/fit_not_accepted.h"
#include "host_tools/common/data_error.h"
#include "host_tools/data/label_values.h"
#include "host_tools/data/unlisted_values.h"

namespace tinyfair::cli {

void Note(const std::string& text) { std::fprintf(stderr, "%s\n", text.c_str()); }

void NoteNegativeLabelValues(const std::string& command, const host::data::CsvTable& table,
                             const LabelOptions& label) {
  if (label.positive.empty()) return;
  auto counts = host::data::LabelValueCounts(table, label.label);
  counts.erase(std::remove_if(counts.begin(), counts.end(),
                              [&](const auto& value) {
                                return std::find(label.positive.begin(), label.positive.end(),
                                                 value.first) != label.positive.end();
                              }),
               counts.end());
  if (counts.size() < 2) return;
  Note(command + ": label column '" + label.label + "' holds " + std::to_string(counts.size()) +
       " values besides the positive ones, all counted as negative: " +
       host::data::DescribeLabelValues(counts) + " (name every positive value with --positive)");
}

void NoteUnlistedValues(const std::string& command, const tinyfair::Model& model,
                        const host::data::CsvTable& table) {
  for (const auto& line :
       host::data::DescribeUnlistedValues(host::data::FindUnlistedValues(model, table))) {
    Note(command + ": " + table.path + ": " + line);
  }
}

void AddLabelOptions(CLI::App& command, LabelOptions& options, bool required) {
  auto* label = command.add_option("--label", options.label, "Label column");
  if (required) label->required();
  command
      .add_option("--positive", options.positive,
                  "Label values meaning positive (comma-separated; default: the label is 0/1)")
      ->delimiter(',');
}

std::vector<std::string> GroupNames(const tinyfair::Model& model) {
  std::vector<std::string> names(model.groups().group_names().begin(),
                                 model.groups().group_names().end());
  for (size_t g = names.size(); g < model.dimensions().group_count(); ++g) {
    names.push_back("group " + std::to_string(g));
  }
  return names;
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
  tinyfair::cli::AddDataCommands(app);
  tinyfair::cli::AddDebiasCommand(app);
  tinyfair::cli::AddTrainCommand(app);
  tinyfair::cli::AddPostprocessCommand(app);
  tinyfair::cli::AddModelCommands(app);
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
  } catch (const tinyfair::cli::FitNotAccepted& error) {
    std::cerr << "tinyfair: " << error.what() << "\n";
    return tinyfair::cli::kFitNotAcceptedExit;
  } catch (const tinyfair::host::common::DataError& error) {
    std::cerr << "tinyfair: " << error.what() << "\n";
    return kBadInputExit;
  } catch (const std::invalid_argument& error) {  // options that do not go together
    std::cerr << "tinyfair: " << error.what() << "\n";
    return kBadInputExit;
  } catch (const std::exception& error) {
    std::cerr << "tinyfair: " << error.what() << "\n";
    return kSystemErrorExit;
  }
  return 0;
}
