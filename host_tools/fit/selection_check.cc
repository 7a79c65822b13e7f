#include "host_tools/fit/selection_check.h"

#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_not_accepted.h"
#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {

void CheckSelectionOnValidation(const SelectionOnValidation& s, bool strict) {
  std::vector<std::string> problems;
  if (s.selected_gap > s.target_gap) {
    problems.push_back(host::common::FormatText(
        "the selected rule's validation parity gap %.4f exceeds --max-validation-gap %.4f: no "
        "fit of the grid meets it, the fairest was selected",
        s.selected_gap, s.target_gap));
  }
  if (s.selected_gap > s.input_gap) {
    problems.push_back(host::common::FormatText(
        "the selected rule's validation parity gap %.4f is larger than the input model's %.4f: "
        "it is not fairer there (the smallest validation group has %zu row%s)",
        s.selected_gap, s.input_gap, s.smallest_group, s.smallest_group == 1 ? "" : "s"));
  }
  for (const auto& what : problems) {
    if (strict) throw FitNotAccepted("--strict: " + what + "; nothing written");
    Note(s.command + ": WARNING: " + what);
  }
}

}  // namespace tinyfair::host::fit
