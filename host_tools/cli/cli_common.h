// Pieces shared by the tinyfair subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/label_options.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::cli {

/// Registers each subcommand on the app.
void AddDataCommands(CLI::App& app);
void AddDebiasCommand(CLI::App& app);
void AddTrainCommand(CLI::App& app);
void AddPostprocessCommand(CLI::App& app);
void AddModelCommands(CLI::App& app);
void AddKeyCommands(CLI::App& app);
void AddRunCommands(CLI::App& app);
void AddSweepCommand(CLI::App& app);
void AddNoiseCommand(CLI::App& app);
void AddMonitorCommand(CLI::App& app);

/// Label options shared by train, postprocess, evaluate and export --integer.
using host::fit::LabelOptions;
void AddLabelOptions(CLI::App& command, LabelOptions& options, bool required);

/// Progress and notes go to stderr (or the library's note sink); results
/// to stdout or files. The commands say them as the library does.
using host::fit::GroupNames;
using host::fit::Note;
using host::fit::NoteNegativeLabelValues;
using host::fit::NoteUnlistedValues;

/// Writes a table as CSV (quoting cells that need it).
std::string TableToCsv(const host::data::CsvTable& table, const std::vector<size_t>& rows);

}  // namespace tinyfair::cli
