// How many members of one width the device's mixture rule holds. A member
// repeats the whole scorer (one weight per input, one term per category of
// every categorical input), and the device keeps the members' weights and
// category terms in fixed arrays (tinyfair_runtime/capacity.h), so the width
// decided by the data caps the member count before anything is fitted.
#pragma once

#include <cstddef>
#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

struct MixtureCapacity {
  /// One member's weights and category terms.
  size_t weights_per_member = 0;
  size_t category_terms_per_member = 0;
  /// The most members of this width the device holds.
  size_t members = 0;
  /// The capacity that sets `members`, named with its size, e.g. "256
  /// category terms of all members together".
  std::string limited_by;
};

/// The device's mixture capacity for members shaped like `member`.
MixtureCapacity DeviceMixtureCapacity(const tinyfair::LinearScorer& member);

/// The same for members over `model`'s inputs (one weight per input, one
/// term per category of every categorical input), known before fitting.
MixtureCapacity DeviceMixtureCapacity(const tinyfair::Model& model);

/// Refuses a mixture of `members` members the device cannot hold:
/// @throws std::invalid_argument "<context>: the mixture has ... members of
///         ... each; the device holds at most ... such members (<limit>);
///         <advice>".
void RequireMixtureCapacity(size_t members, const MixtureCapacity& capacity,
                            const std::string& context, const std::string& advice);

}  // namespace tinyfair::host::model
