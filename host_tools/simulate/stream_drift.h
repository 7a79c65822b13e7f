// A drift made on purpose: from one row of a CSV on, one group's scores are
// shifted or its share of the stream changes, and the runtime decides the
// drifted stream with the same code the device runs. It makes the before
// and after case for the fairness monitor from real data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::simulate {

struct StreamDrift {
  enum class Kind { kScoreShift, kShare };
  /// The first drifted position of the stream (a 0-based data row).
  size_t from_row = 0;
  /// The group whose scores or share drift.
  uint32_t group = 0;
  Kind kind = Kind::kScoreShift;
  /// kScoreShift: added to the scorer's margin (before the link and the
  /// rule) of the group's rows.
  float score_shift = 0.0f;
  /// kShare: the group's fraction of the stream from from_row on, in (0, 1).
  double share = 0.0;
};

/// The decisions of a drifted stream, each with the data row it was made
/// for and whether the drift touched it.
struct DriftedStream {
  std::vector<runtime::Decision> decisions;
  std::vector<size_t> data_row;
  std::vector<uint8_t> drifted;
};

/// Decides the encoder's rows as DecideRows does (Pcg32(seed, stream), one
/// draw per decision made), with `drift` from its row on:
/// - kScoreShift: a row the model decides for the group is decided again
///   with the same draw by the model's tables with score_shift added to the
///   scorer's bias (every member's, for a mixture); other rows as ever.
/// - kShare: the positions from from_row on are filled by drawing rows of
///   from_row.. with replacement, the group's with probability `share`, the
///   others' otherwise (Pcg32(seed, kShareStream), apart from the decisions'
///   stream); rows the model refuses count among the others.
/// Positions before from_row decide exactly as DecideRows. `inputs`, when
/// given, receives the rows as the runtime saw them, in stream order.
/// @throws std::invalid_argument for a drift the data cannot give (from_row
///   beyond the rows, no row of the group or of the others to draw from).
DriftedStream DecideRowsWithDrift(const runtime::Model& model, const data::InputEncoder& encoder,
                                  uint64_t seed, uint64_t stream, const StreamDrift& drift,
                                  std::vector<float>* inputs = nullptr);

/// The PCG32 stream the share drift draws its rows from.
inline constexpr uint64_t kShareStream = 0x64726966u;  // "drif"

/// The decision log with two more columns: `drifted` (1 where the drift
/// touched the decision) and `data_row` (the 0-based data row decided).
std::string DriftedDecisionLog(const DriftedStream& stream);

}  // namespace tinyfair::host::simulate
