#include "host_tools/fit/group_names.h"

namespace tinyfair::host::fit {

std::vector<std::string> GroupNames(const tinyfair::Model& model) {
  std::vector<std::string> names(model.groups().group_names().begin(),
                                 model.groups().group_names().end());
  for (size_t g = names.size(); g < model.dimensions().group_count(); ++g) {
    names.push_back("group " + std::to_string(g));
  }
  return names;
}

}  // namespace tinyfair::host::fit
