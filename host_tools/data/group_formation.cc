#include "host_tools/data/group_formation.h"

#include <cstdint>
#include <stdexcept>

#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/group_formation.h"

namespace tinyfair::host::data {

namespace {

// One name per group index, "sex=F & race=b", each attribute's category
// read from the index as the runtime forms it.
std::vector<std::string> GroupNames(const std::vector<std::string>& attributes,
                                    const std::vector<int>& inputs,
                                    const std::vector<uint32_t>& counts, uint32_t group_count,
                                    const tinyfair::Model& model) {
  std::vector<std::string> names;
  const auto attribute_count = static_cast<uint32_t>(counts.size());
  for (uint32_t g = 0; g < group_count; ++g) {
    std::string name;
    for (uint32_t j = 0; j < attribute_count; ++j) {
      const uint32_t category = runtime::CategoryInGroup(g, counts.data(), attribute_count, j);
      name += (j == 0 ? "" : " & ") + attributes[j] + "=" +
              model.inputs(inputs[j]).categories(static_cast<int>(category));
    }
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

void FormGroups(const std::vector<std::string>& attributes, const std::string& unknown_group,
                tinyfair::Model& model) {
  if (attributes.empty()) throw std::invalid_argument("no group attribute given");
  auto* groups = model.mutable_groups();
  groups->Clear();
  groups->set_kind(tinyfair::GroupFormation::FROM_ATTRIBUTES);
  std::vector<int> inputs;
  std::vector<uint32_t> counts;
  uint64_t group_count = 1;
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
    inputs.push_back(index);
    counts.push_back(static_cast<uint32_t>(model.inputs(index).categories_size()));
    group_count *= counts.back();
    if (group_count > runtime::kMaxGroups) {
      throw std::invalid_argument("the groups of " + std::to_string(attributes.size()) +
                                  " attributes exceed the runtime's " +
                                  std::to_string(runtime::kMaxGroups) + " groups");
    }
  }
  const std::vector<std::string> names =
      GroupNames(attributes, inputs, counts, static_cast<uint32_t>(group_count), model);
  for (const auto& name : names) groups->add_group_names(name);
  model.mutable_dimensions()->set_group_count(static_cast<uint32_t>(names.size()));
  if (unknown_group == "refuse") {
    groups->set_unknown_policy(tinyfair::GroupFormation::REFUSE);
    return;
  }
  const std::string prefix = "fallback:";
  if (unknown_group.rfind(prefix, 0) != 0) {
    throw std::invalid_argument("unknown-group: the policy is 'refuse' or 'fallback:GROUP NAME'");
  }
  const std::string fallback = unknown_group.substr(prefix.size());
  for (size_t g = 0; g < names.size(); ++g) {
    if (names[g] == fallback) {
      groups->set_unknown_policy(tinyfair::GroupFormation::FALLBACK);
      groups->set_fallback_group(static_cast<uint32_t>(g));
      return;
    }
  }
  throw std::invalid_argument("unknown-group: no group called '" + fallback + "'");
}

}  // namespace tinyfair::host::data
