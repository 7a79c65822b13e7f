// The group of every row of a data set, formed by the runtime's own group
// formation (tinyfair_runtime/group_formation.h) from the categories of the
// model's group attributes, with the groups' names and the split of a group
// index into its attributes' categories or into (sensitive, stratum).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/group_formation.h"

namespace tinyfair::host::data {

class GroupIndex {
 public:
  /// The groups of `model` without rows: names and splits only (no
  /// attributes when the model's groups are given directly).
  explicit GroupIndex(const tinyfair::Model& model);
  /// The groups of `model` and the group of each of `encoder`'s rows, from
  /// the category the device reads for each group attribute.
  /// @throws std::invalid_argument unless the groups are formed from
  ///         attributes (FormGroups).
  GroupIndex(const tinyfair::Model& model, const InputEncoder& encoder);

  size_t group_count() const { return names_.size(); }
  size_t attribute_count() const { return category_counts_.size(); }
  /// Per group attribute, first (most significant) first.
  const std::vector<std::string>& attribute_names() const { return attribute_names_; }
  const std::vector<uint32_t>& category_counts() const { return category_counts_; }
  /// Per group: "sex=Female & race=White".
  const std::vector<std::string>& names() const { return names_; }
  /// Per row: its group (empty without rows).
  const std::vector<uint32_t>& rows() const { return rows_; }
  /// The rows' groups as the fitters take them.
  Eigen::VectorXi RowsAsVector() const;

  /// The category of group attribute `attribute` in `group`.
  uint32_t Category(uint32_t group, size_t attribute) const;

  /// The number of groups the last `strata_attributes` attributes form (1
  /// for none).
  uint32_t StratumCount(size_t strata_attributes) const;
  /// `group` as (the index of its leading, sensitive attributes, the index
  /// of its last `strata_attributes` attributes, its stratum).
  runtime::GroupSplit SensitiveAndStratum(uint32_t group, size_t strata_attributes) const;

 private:
  std::vector<std::string> attribute_names_;
  std::vector<uint32_t> attribute_inputs_;
  std::vector<uint32_t> category_counts_;
  std::vector<std::string> names_;
  std::vector<uint32_t> rows_;
};

}  // namespace tinyfair::host::data
