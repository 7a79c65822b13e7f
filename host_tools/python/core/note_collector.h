// A fit's notes collected for the Python caller (who logs them, warnings as
// warnings) instead of written to stderr, for the life of one call.
#pragma once

#include <string>
#include <vector>

namespace tinyfair::python {

class NoteCollector {
 public:
  /// Sends the library's notes here until destroyed (then to stderr again).
  NoteCollector();
  ~NoteCollector();
  NoteCollector(const NoteCollector&) = delete;
  NoteCollector& operator=(const NoteCollector&) = delete;

  /// The notes so far, in order; the collector is empty afterwards.
  std::vector<std::string> Take();

 private:
  std::vector<std::string> lines_;
};

}  // namespace tinyfair::python
