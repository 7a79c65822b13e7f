// The rule a command selected on validation data, judged against what the
// user asked for and against the input model: a "fair" rule that misses its
// gap target, or is less fair than the model it corrects, is said out loud,
// and with --strict refused (FitNotAccepted: status 3, nothing written).
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::host::fit {

struct SelectionOnValidation {
  std::string command;     // "postprocess", "sweep"
  std::string validation;  // the validation file, as given
  double selected_gap = 0.0;
  double input_gap = 0.0;   // the input model's own decisions
  double target_gap = 1.0;  // --max-validation-gap
  size_t smallest_group = 0;
};

/// Warns on stderr for each problem; with `strict` throws FitNotAccepted
/// for the first.
void CheckSelectionOnValidation(const SelectionOnValidation& s, bool strict);

}  // namespace tinyfair::host::fit
