// Pieces shared by the tinyfair subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::cli {

/// Registers each subcommand on the app.
void AddDataCommands(CLI::App& app);
void AddDebiasCommand(CLI::App& app);
void AddTrainCommand(CLI::App& app);
void AddPostprocessCommand(CLI::App& app);
void AddModelCommands(CLI::App& app);
void AddRunCommands(CLI::App& app);
void AddSweepCommand(CLI::App& app);
void AddNoiseCommand(CLI::App& app);
void AddMonitorCommand(CLI::App& app);

/// Label options shared by train, postprocess and evaluate.
struct LabelOptions {
  std::string label;
  std::vector<std::string> positive;
};
void AddLabelOptions(CLI::App& command, LabelOptions& options, bool required);

/// Progress and notes go to stderr; results to stdout or files.
void Note(const std::string& text);

/// Per column of `table`, the rows whose value `model` does not list and
/// what the device does with them ("COMMAND: FILE: column ...").
void NoteUnlistedValues(const std::string& command, const tinyfair::Model& model,
                        const host::data::CsvTable& table);

/// With --positive, every other label value counts as negative: says so
/// ("COMMAND: label column ...") when that is more than one value (a third
/// class, or "Yes" next to "yes"), naming each with its count.
void NoteNegativeLabelValues(const std::string& command, const host::data::CsvTable& table,
                             const LabelOptions& label);

/// The group names of a model, one per group.
std::vector<std::string> GroupNames(const tinyfair::Model& model);

/// Writes a table as CSV (quoting cells that need it).
std::string TableToCsv(const host::data::CsvTable& table, const std::vector<size_t>& rows);

}  // namespace tinyfair::cli
