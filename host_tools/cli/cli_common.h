// Pieces shared by the tinyfair subcommands.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "host_tools/cli/command_line.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/label_options.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::cli {

/// Registers each subcommand on the app.
void AddDataCommands(CommandLine& command_line);
void AddDebiasCommand(CommandLine& command_line);
void AddTrainCommand(CommandLine& command_line);
void AddPostprocessCommand(CommandLine& command_line);
void AddModelCommands(CommandLine& command_line);
void AddKeyCommands(CommandLine& command_line);
void AddRunCommands(CommandLine& command_line);
void AddSweepCommand(CommandLine& command_line);
void AddNoiseCommand(CommandLine& command_line);
void AddMonitorCommand(CommandLine& command_line);

/// Label options shared by train, postprocess, evaluate and export --integer.
using host::fit::LabelOptions;
void AddLabelOptions(Command& command, LabelOptions& options, bool required);

/// Progress and notes go to stderr (or the library's note sink); results
/// to stdout or files. The commands say them as the library does.
using host::fit::GroupNames;
using host::fit::Note;
using host::fit::NoteNegativeLabelValues;
using host::fit::NoteUnlistedValues;

/// Writes a table as CSV (quoting cells that need it).
std::string TableToCsv(const host::data::CsvTable& table, const std::vector<size_t>& rows);

}  // namespace tinyfair::cli
