#include "host_tools/data/group_index.h"

#include <stdexcept>

namespace tinyfair::host::data {

GroupIndex::GroupIndex(const tinyfair::Model& model) {
  for (const uint32_t input : model.groups().attribute_inputs()) {
    const tinyfair::Input& attribute = model.inputs(static_cast<int>(input));
    attribute_names_.push_back(attribute.name());
    attribute_inputs_.push_back(input);
    category_counts_.push_back(attribute.category_count());
  }
  names_.assign(model.groups().group_names().begin(), model.groups().group_names().end());
}

GroupIndex::GroupIndex(const tinyfair::Model& model, const InputEncoder& encoder)
    : GroupIndex(model) {
  if (model.groups().kind() != tinyfair::GroupFormation::FROM_ATTRIBUTES) {
    throw std::invalid_argument("the model's groups are not formed from its inputs");
  }
  rows_.reserve(encoder.row_count());
  std::vector<float> row;
  for (size_t i = 0; i < encoder.row_count(); ++i) {
    encoder.DeviceRow(i, row);
    uint32_t group = 0;
    for (size_t j = 0; j < attribute_inputs_.size(); ++j) {
      const auto category = static_cast<uint32_t>(row[attribute_inputs_[j]]);
      group = runtime::AppendGroupAttribute(group, category_counts_[j], category);
    }
    rows_.push_back(group);
  }
}

Eigen::VectorXi GroupIndex::RowsAsVector() const {
  Eigen::VectorXi groups(static_cast<Eigen::Index>(rows_.size()));
  for (size_t i = 0; i < rows_.size(); ++i) {
    groups[static_cast<Eigen::Index>(i)] = static_cast<int>(rows_[i]);
  }
  return groups;
}

uint32_t GroupIndex::Category(uint32_t group, size_t attribute) const {
  return runtime::CategoryInGroup(group, category_counts_.data(),
                                  static_cast<uint32_t>(category_counts_.size()),
                                  static_cast<uint32_t>(attribute));
}

uint32_t GroupIndex::StratumCount(size_t strata_attributes) const {
  if (strata_attributes > category_counts_.size()) {
    throw std::invalid_argument("more strata than group attributes");
  }
  uint32_t count = 1;
  for (size_t j = category_counts_.size() - strata_attributes; j < category_counts_.size(); ++j) {
    count *= category_counts_[j];
  }
  return count;
}

runtime::GroupSplit GroupIndex::SensitiveAndStratum(uint32_t group,
                                                    size_t strata_attributes) const {
  return runtime::SplitGroup(group, StratumCount(strata_attributes));
}

}  // namespace tinyfair::host::data
