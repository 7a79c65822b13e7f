// The drift a simulation asks for (docs/monitor.md): from a row on, shift
// one group's scores or its share of the stream. Checked against the model
// and the data once both are read; refusals name the simulate flag.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "host_tools/simulate/stream_drift.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// Each part absent unless given: none has a value that could mean absent.
struct DriftRequest {
  std::optional<size_t> from_row;
  /// The drifting group, by its name as `tinyfair inspect` shows it.
  std::optional<std::string> group;
  std::optional<double> score_shift;
  std::optional<double> share;

  /// Whether any part was given (then the stream drifts).
  bool Given() const;
};

/// The drift `request` asks for, checked against the model's groups and the
/// data's row count. @throws common::DataError naming the flag for a bad
/// combination or value (exit 2).
simulate::StreamDrift ResolveDrift(const DriftRequest& request, const tinyfair::Model& model,
                                   size_t row_count);

}  // namespace tinyfair::host::fit
