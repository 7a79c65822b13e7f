#include "host_tools/fit/fit_progress.h"

#include <utility>

namespace tinyfair::host::fit {
namespace {

ProgressSink& TheProgressSink() {
  static ProgressSink sink;
  return sink;
}

}  // namespace

void SetProgressSink(ProgressSink sink) { TheProgressSink() = std::move(sink); }

bool HasProgressSink() { return static_cast<bool>(TheProgressSink()); }

void ReportProgress(int iteration, int most) {
  if (TheProgressSink()) TheProgressSink()(iteration, most);
}

}  // namespace tinyfair::host::fit
