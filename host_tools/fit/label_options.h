// Which column is the label and which of its values mean positive, as
// train, postprocess and evaluate take them.
#pragma once

#include <string>
#include <vector>

namespace tinyfair::host::fit {

struct LabelOptions {
  std::string label;
  /// Empty: the label is 0/1.
  std::vector<std::string> positive;
};

}  // namespace tinyfair::host::fit
