#include "host_tools/fit/fit_notes.h"

#include <unistd.h>

#include <cstdio>
#include <utility>

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
  std::fprintf(stderr, "%s\n", text.c_str());
}

bool ProgressToTerminal() { return isatty(fileno(stderr)) != 0; }

}  // namespace tinyfair::host::fit
