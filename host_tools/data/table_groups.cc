#include "host_tools/data/table_groups.h"

#include "host_tools/data/group_formation.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {

GroupIndex GroupsOfTable(const ColumnTable& table, const std::string& label,
                         const std::vector<std::string>& sensitive) {
  ColumnRoles roles;
  roles.label = label;
  roles.sensitive = sensitive;
  tinyfair::Model model;
  for (const auto& input : InputsFromTable(table, roles)) *model.add_inputs() = input;
  FormGroups(sensitive, "refuse", model);
  const InputEncoder encoder(model.inputs(), table);
  return GroupIndex(model, encoder);
}

}  // namespace tinyfair::host::data
