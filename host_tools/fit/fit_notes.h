// Progress and notes of a fit, one line each. They go to stderr unless the
// caller sends them elsewhere (a front end that forwards them to its own
// warnings or log); results go to the caller, never here.
#pragma once

#include <functional>
#include <string>

namespace tinyfair::host::fit {

using NoteSink = std::function<void(const std::string& line)>;

/// Sends every later note to `sink`; an empty sink restores stderr.
void SetNoteSink(NoteSink sink);

/// One note, without its line end.
void Note(const std::string& text);

/// Whether a fit prints its iteration lines (to stderr, only a terminal).
bool ProgressToTerminal();

}  // namespace tinyfair::host::fit
