// tinyfair parity's work: two decision logs compared record by record on
// the device's fields (probability bits, draw, outcome), as a device's log
// is checked against the host's.
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::host::fit {

struct DecisionLogParity {
  size_t records = 0;    // in the expected log
  size_t actual = 0;     // records in the actual log
  size_t identical = 0;  // equal at the same position
  /// The first record (1-based) that differs, 0 when none does; the two
  /// records there ("(missing)" past the actual log's end).
  size_t first_difference = 0;
  std::string expected_record, actual_record;

  bool Equal() const { return identical == records && actual == records; }
};

/// Reads both logs (bounded: they come from outside) and compares the
/// device's record of each row, the fields of the runtime's record header;
/// the readable columns a host log has after them are left out.
/// @throws DataError when `expected_path` is not a decision log (its header
///         is not the device's) or either log is no CSV.
DecisionLogParity CompareDecisionLogs(const std::string& expected_path,
                                      const std::string& actual_path);

/// What `tinyfair parity` prints: the count of identical records and, when
/// one differs, the first difference (lines, each with its line end).
std::string DecisionLogParityText(const DecisionLogParity& parity);

}  // namespace tinyfair::host::fit
