#include "host_tools/model/mixture_capacity.h"

#include <stdexcept>

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host::model {

MixtureCapacity DeviceMixtureCapacity(const tinyfair::LinearScorer& member) {
  MixtureCapacity capacity;
  capacity.weights_per_member = static_cast<size_t>(member.weights_size());
  capacity.category_terms_per_member = static_cast<size_t>(member.category_weights_size());
  capacity.members = runtime::kMaxMembers;
  capacity.limited_by = std::to_string(runtime::kMaxMembers) + " members";
  if (capacity.weights_per_member > 0) {
    const size_t members = runtime::kMaxMemberWeights / capacity.weights_per_member;
    if (members < capacity.members) {
      capacity.members = members;
      capacity.limited_by =
          std::to_string(runtime::kMaxMemberWeights) + " weights of all members together";
    }
  }
  if (capacity.category_terms_per_member > 0) {
    const size_t members = runtime::kMaxMemberCategoryWeights / capacity.category_terms_per_member;
    if (members < capacity.members) {
      capacity.members = members;
      capacity.limited_by = std::to_string(runtime::kMaxMemberCategoryWeights) +
                            " category terms of all members together";
    }
  }
  return capacity;
}

MixtureCapacity DeviceMixtureCapacity(const tinyfair::Model& model) {
  tinyfair::LinearScorer member;
  for (const auto& input : model.inputs()) {
    member.add_weights(0.0f);
    for (uint32_t k = 0; k < input.category_count(); ++k) member.add_category_weights(0.0f);
  }
  return DeviceMixtureCapacity(member);
}

void RequireMixtureCapacity(size_t members, const MixtureCapacity& capacity,
                            const std::string& context, const std::string& advice) {
  if (members <= capacity.members) return;
  throw std::invalid_argument(context + ": the mixture has " + std::to_string(members) +
                              " members of " + std::to_string(capacity.weights_per_member) +
                              " weights and " + std::to_string(capacity.category_terms_per_member) +
                              " category terms each; the device holds at most " +
                              std::to_string(capacity.members) + " such members (" +
                              capacity.limited_by + "); " + advice);
}

}  // namespace tinyfair::host::model
