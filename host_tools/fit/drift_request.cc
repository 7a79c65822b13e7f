#include "host_tools/fit/drift_request.h"

#include <cmath>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/group_names.h"

namespace tinyfair::host::fit {
namespace {

uint32_t DriftGroupByName(const std::string& name, const tinyfair::Model& model) {
  const std::vector<std::string> names = GroupNames(model);
  std::string known;
  for (size_t g = 0; g < names.size(); ++g) {
    if (names[g] == name) return static_cast<uint32_t>(g);
    known += (g ? ", '" : "'") + names[g] + "'";
  }
  throw common::DataError("--drift-group", 0, 0,
                          "the model has no group '" + name + "' (its groups: " + known + ")");
}

}  // namespace

bool DriftRequest::Given() const { return from_row || group || score_shift || share; }

simulate::StreamDrift ResolveDrift(const DriftRequest& request, const tinyfair::Model& model,
                                   size_t row_count) {
  if (!request.from_row) {
    throw common::DataError("--drift-from", 0, 0, "a drift needs the first drifted row");
  }
  if (!request.group) {
    throw common::DataError("--drift-group", 0, 0, "a drift needs the group that drifts");
  }
  if (!request.score_shift && !request.share) {
    throw common::DataError("--drift-from", 0, 0,
                            "a drift needs its kind: --drift-score-shift or --drift-share");
  }
  if (request.score_shift && request.share) {
    throw common::DataError("--drift-score-shift", 0, 0,
                            "give --drift-score-shift or --drift-share, not both");
  }
  simulate::StreamDrift drift;
  drift.group = DriftGroupByName(*request.group, model);
  if (*request.from_row >= row_count) {
    throw common::DataError("--drift-from", 0, 0,
                            "row " + std::to_string(*request.from_row) + " is beyond the data (" +
                                std::to_string(row_count) + " rows, numbered from 0)");
  }
  drift.from_row = *request.from_row;
  if (request.score_shift) {
    const double shift = *request.score_shift;
    drift.kind = simulate::StreamDrift::Kind::kScoreShift;
    drift.score_shift = static_cast<float>(shift);
    if (!std::isfinite(shift) || !std::isfinite(drift.score_shift)) {
      throw common::DataError("--drift-score-shift", 0, 0,
                              common::FormatText("%g is not a finite number", shift));
    }
  } else {
    const double share = *request.share;
    drift.kind = simulate::StreamDrift::Kind::kShare;
    drift.share = share;
    if (!(share > 0.0 && share < 1.0)) {
      throw common::DataError("--drift-share", 0, 0,
                              common::FormatText("%g is outside (0, 1)", share));
    }
  }
  return drift;
}

}  // namespace tinyfair::host::fit
