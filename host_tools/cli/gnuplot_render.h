// Rendering a gnuplot script the CLI wrote (sweep, monitor).
#pragma once

#include <string>

namespace tinyfair::cli {

/// Runs gnuplot on `dir`/`name`.gp, whose output is `dir`/`name`.png. gnuplot
/// writes the image to a temporary name, renamed when done, so a failed plot
/// leaves no partial image. Returns false (and leaves the data and the
/// script) when gnuplot fails or is missing.
bool RenderGnuplot(const std::string& dir, const std::string& name);

}  // namespace tinyfair::cli
