#include "host_tools/fit/fit_notes.h"

#include <unistd.h>

#include <cstdio>
#include <utility>

#include "host_tools/common/one_line_text.h"
#include "host_tools/fit/fit_progress.h"

namespace tinyfair::host::fit {
namespace {

NoteSink& Sink() {
  static NoteSink sink;
  return sink;
}

}  // namespace

void SetNoteSink(NoteSink sink) { Sink() = std::move(sink); }

void Note(const std::string& text) {
  if (Sink()) {
    Sink()(text);
    return;
  }
  // Notes name groups, columns and files from the data: shown, never obeyed.
  std::fprintf(stderr, "%s\n", common::TerminalText(text).c_str());
}

// A front end showing the iterations itself (a progress sink) gets no lines.
bool ProgressToTerminal() { return !HasProgressSink() && isatty(fileno(stderr)) != 0; }

}  // namespace tinyfair::host::fit
