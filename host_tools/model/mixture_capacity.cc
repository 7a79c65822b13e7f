#include "host_tools/model/mixture_capacity.h"

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host {

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

}  // namespace tinyfair::host
