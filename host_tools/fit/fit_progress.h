// A running fit's iterations for a front end that shows them its own way
// (the Python package's progress bar). Without a sink, each fit prints its
// iteration lines itself, on a terminal only (ProgressToTerminal).
#pragma once

#include <functional>

namespace tinyfair::host::fit {

/// Called with the iteration just done and the most the fit will do (0
/// when it has no fixed count); may throw to stop the fit.
using ProgressSink = std::function<void(int iteration, int most)>;

/// Sends every later iteration to `sink`; an empty sink restores the lines.
void SetProgressSink(ProgressSink sink);

/// Whether a sink takes the iterations (then nothing is printed).
bool HasProgressSink();

/// One iteration of the running fit, to the sink if there is one.
void ReportProgress(int iteration, int most);

}  // namespace tinyfair::host::fit
