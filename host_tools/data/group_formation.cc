#include "host_tools/data/group_formation.h"

#include <stdexcept>

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host {

void FormGroups(const std::vector<std::string>& attributes, const std::string& unknown_group,
                tinyfair::Model& model) {
  if (attributes.empty()) throw std::invalid_argument("no group attribute given");
  auto* groups = model.mutable_groups();
  groups->Clear();
  groups->set_kind(tinyfair::GroupFormation::FROM_ATTRIBUTES);
  std::vector<std::string> names = {""};
  for (const auto& name : attributes) {
    int index = -1;
    for (int i = 0; i < model.inputs_size(); ++i) {
      if (model.inputs(i).name() == name) index = i;
    }
    if (index < 0 || model.inputs(index).kind() != tinyfair::Input::CATEGORICAL) {
      throw std::invalid_argument("group attribute '" + name +
                                  "' is not a categorical input of the model");
    }
    groups->add_attribute_inputs(static_cast<uint32_t>(index));
    std::vector<std::string> next;
    for (const auto& prefix : names) {
      for (const auto& category : model.inputs(index).categories()) {
        next.push_back(prefix + (prefix.empty() ? "" : " & ") + name + "=" + category);
      }
    }
    names = std::move(next);
    if (names.size() > runtime::kMaxGroups) {
      throw std::invalid_argument("the groups of " + std::to_string(attributes.size()) +
                                  " attributes exceed the runtime's " +
                                  std::to_string(runtime::kMaxGroups) + " groups");
    }
  }
  for (const auto& name : names) groups->add_group_names(name);
  model.mutable_dimensions()->set_group_count(static_cast<uint32_t>(names.size()));
  if (unknown_group == "refuse") {
    groups->set_unknown_policy(tinyfair::GroupFormation::REFUSE);
    return;
  }
  const std::string prefix = "fallback:";
  if (unknown_group.rfind(prefix, 0) != 0) {
    throw std::invalid_argument("the unknown-group policy is 'refuse' or 'fallback:GROUP NAME'");
  }
  const std::string fallback = unknown_group.substr(prefix.size());
  for (size_t g = 0; g < names.size(); ++g) {
    if (names[g] == fallback) {
      groups->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
      groups->set_fallback_group(static_cast<uint32_t>(g));
      return;
    }
  }
  throw std::invalid_argument("no group called '" + fallback + "'");
}

}  // namespace tinyfair::host
