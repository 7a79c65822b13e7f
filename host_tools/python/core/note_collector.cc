#include "host_tools/python/core/note_collector.h"

#include <utility>

#include "host_tools/fit/fit_notes.h"

namespace tinyfair::python {

NoteCollector::NoteCollector() {
  host::fit::SetNoteSink([this](const std::string& line) { lines_.push_back(line); });
}

NoteCollector::~NoteCollector() { host::fit::SetNoteSink(nullptr); }

std::vector<std::string> NoteCollector::Take() { return std::move(lines_); }

}  // namespace tinyfair::python
