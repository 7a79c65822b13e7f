// How a model forms its groups: the product of categorical inputs (one or
// more), named "sex=Female & race=White", with a policy for unknown groups.
#pragma once

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

/// Makes the model's groups the product of the categorical inputs named in
/// `attributes` (first one most significant, as the runtime forms it), with
/// one name per group. `unknown_group` is "refuse" or "fallback:GROUP NAME".
/// Resizes nothing else: callers set the rule and reference rates after.
/// @throws std::invalid_argument naming an attribute that is not a
///         categorical input, a product over the group capacity, or an
///         unknown fallback group.
void FormGroups(const std::vector<std::string>& attributes, const std::string& unknown_group,
                tinyfair::Model& model);

}  // namespace tinyfair::host::data
