#include "host_tools/fit/grid_selection.h"

#include <algorithm>
#include <stdexcept>

#include "host_tools/model/rule_writers.h"

namespace tinyfair::host::fit {

GridSelection SelectOnValidation(const std::vector<metrics::ClassificationReport>& grid,
                                 double max_gap) {
  if (grid.empty()) throw std::invalid_argument("a selection needs a grid point");
  GridSelection best, fairest;
  double best_accuracy = -1.0;
  for (size_t i = 0; i < grid.size(); ++i) {
    const metrics::ClassificationReport& point = grid[i];
    if (point.expected_dp_gap <= max_gap && point.expected_accuracy > best_accuracy) {
      best_accuracy = point.expected_accuracy;
      best = {i, true};
    }
    if (point.expected_dp_gap < grid[fairest.index].expected_dp_gap) fairest.index = i;
  }
  return best.within_target ? best : fairest;
}

tinyfair::Model InputModelDecisions(const tinyfair::Model& scorer) {
  tinyfair::Model model = scorer;
  model::SetThresholdRule(std::vector<double>(scorer.dimensions().group_count(), 0.0), model);
  return model;
}

SelectionOnValidation SelectionAgainstInputModel(const std::string& command,
                                                 const std::string& validation,
                                                 const metrics::ClassificationReport& selected,
                                                 const metrics::ClassificationReport& input,
                                                 double max_gap) {
  size_t smallest = input.rows;
  for (const auto& group : input.groups)
    smallest = group.n > 0 ? std::min(smallest, group.n) : smallest;
  return {command, validation, selected.expected_dp_gap, input.expected_dp_gap, max_gap, smallest};
}

}  // namespace tinyfair::host::fit
