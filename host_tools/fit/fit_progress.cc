#include "host_tools/fit/fit_progress.h"

#include <utility>

namespace tinyfair::host::fit {
namespace {

ProgressSink& Sink() {
  static ProgressSink sink;
  return sink;
}

}  // namespace

void SetProgressSink(ProgressSink sink) { Sink() = std::move(sink); }

bool HasProgressSink() { return static_cast<bool>(Sink()); }

void ReportProgress(int iteration, int most) {
  if (Sink()) Sink()(iteration, most);
}

}  // namespace tinyfair::host::fit
