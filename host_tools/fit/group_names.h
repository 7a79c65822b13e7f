// The names of a model's groups, as every message and report shows them.
#pragma once

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// One name per group: the model's own, or "group G" where it has none.
std::vector<std::string> GroupNames(const tinyfair::Model& model);

}  // namespace tinyfair::host::fit
