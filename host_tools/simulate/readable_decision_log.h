// The columns `simulate --out` writes after the device's record: the
// record keeps the exact float bits that parity compares, and these say the
// same in words a CSV reader (pandas, a spreadsheet) takes as they are.
#pragma once

#include <string>
#include <vector>

#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::simulate {

/// The names of the readable columns, in order.
inline constexpr char kReadableColumnsHeader[] = "probability,decision,group_name";

/// ",P,D,G" for one decision: P the probability in decimal (%.9g, which
/// reads back as the same float), D "positive", "negative" or
/// "refused:STATUS", G the group's name (empty for a refused decision),
/// CSV-quoted where it needs it.
std::string ReadableColumns(const runtime::Decision& decision,
                            const std::vector<std::string>& group_names);

/// `log` (a header line, then one line per decision in order) with the
/// readable columns appended to each line.
/// @throws std::invalid_argument when the log has not one line per decision.
std::string WithReadableColumns(const std::string& log,
                                const std::vector<runtime::Decision>& decisions,
                                const std::vector<std::string>& group_names);

}  // namespace tinyfair::host::simulate
