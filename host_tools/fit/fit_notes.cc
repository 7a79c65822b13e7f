#include "host_tools/fit/fit_notes.h"

#include <unistd.h>

#include <cstdio>
#include <utility>

#include "host_tools/common/one_line_text.h"

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

bool ProgressToTerminal() { return isatty(fileno(stderr)) != 0; }

}  // namespace tinyfair::host::fit
