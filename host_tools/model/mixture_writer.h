// Writing a stochastic mixture of linear members into a model: the rule the
// exponentiated-gradient reductions, fair regression and the soft-group
// ideal algorithm export. Each member carries its whole scorer; the shared
// scorer is left to the caller.
#pragma once

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

struct MixtureMember {
  /// The member's bias, one weight per input and its category terms.
  tinyfair::LinearScorer scorer;
  /// The probability of drawing this member.
  float probability = 0.0f;
  /// Classifying members: positive iff the member's linked score reaches
  /// it. Regression members have none.
  float threshold = 0.0f;
};

/// Where a refusal is reported and what the user can do about it.
struct MixtureContext {
  std::string context;
  std::string advice;
};

/// Appends `members` to `model`'s mixture rule with `output`, after checking
/// them against the device's capacity (mixture_capacity.h).
/// @throws std::invalid_argument (RequireMixtureCapacity) when the device
///         cannot hold them; the model is then unchanged.
tinyfair::MixtureRule* SetMixtureRule(const std::vector<MixtureMember>& members,
                                      tinyfair::MixtureRule::MemberOutput output,
                                      const MixtureContext& refusal, tinyfair::Model& model);

}  // namespace tinyfair::host::model
