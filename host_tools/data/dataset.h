// One input file as the fitters see it, built once: the encoded features,
// the labels and the group of every row.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/data/input_encoder.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

struct Dataset {
  /// The encoded features the scorer uses (no intercept column).
  Eigen::MatrixXd design;
  /// The 0/1 labels; empty when the label is numeric (read by the method).
  Eigen::VectorXd labels;
  /// Each row's group as the device forms it from the model's group
  /// attributes.
  GroupIndex groups;
};

/// The data set of `encoder`'s table for `model` (its inputs and groups
/// already set): the features `use` selects, `labels` (one per row, or
/// none) and the groups.
Dataset BuildDataset(const tinyfair::Model& model, const InputEncoder& encoder,
                     const std::vector<bool>& use, const std::vector<int>& labels);

}  // namespace tinyfair::host::data
