// Writing and rendering the gnuplot scripts of the CLI (sweep, monitor).
// gnuplot is an interpreter: a name from data (a group, a column, a folder)
// reaches it only inside a string literal made by GnuplotString, and the
// folder never reaches it at all (the scripts name their files relative to
// their own folder, where gnuplot is started without a shell).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tinyfair::cli {

/// `text` as a gnuplot single-quoted string literal: quotes doubled (gnuplot
/// expands nothing else inside single quotes, neither backquotes nor macros)
/// and every control character (a newline would end the command and start
/// another) shown as \xNN, so the literal is one line of script.
std::string GnuplotString(const std::string& text);

/// The script's first lines: the terminal, and the output `png_name` (a
/// file in the script's folder) unless the renderer names another.
std::string GnuplotPreamble(const std::string& png_name, const std::string& size);

/// Runs gnuplot on `dir`/`name`.gp, whose output is `name`.png in `dir`.
/// gnuplot is started by posix_spawnp with an argument vector (no shell) in
/// `dir`, and writes the image to a temporary name, renamed when done, so a
/// failed plot leaves no partial image. Returns false (and leaves the data
/// and the script) when gnuplot fails or is missing.
bool RenderGnuplot(const std::string& dir, const std::string& name);

/// Files of a plot, each a name (in the plot folder) and its bytes.
using PlotFiles = std::vector<std::pair<std::string, std::string>>;

/// The images `name`.png of the scripts `name`.gp among `files`, drawn
/// (RenderGnuplot) in a scratch folder that holds `files` alone and is
/// removed after, so that a command writes its data, scripts and images
/// together, all or nothing. A script gnuplot cannot draw is named in a note
/// from `command` and has no image.
PlotFiles DrawPlotImages(const PlotFiles& files, const std::vector<std::string>& names,
                         const std::string& command);

}  // namespace tinyfair::cli
