// Every member's output for every row, decided by the runtime itself: a
// regression mixture draws one member per decision, so to measure the
// randomized predictor Q exactly (as an expectation over its members) each
// row is decided once per member with a draw inside that member's
// interval of the 32-bit draw range. The members' probabilities are those
// intervals' widths, i.e. what the device realises, float rounding included.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {

struct MemberOutputs {
  /// Decided rows x members (a plain regression rule has one member).
  Eigen::MatrixXd outputs;
  std::vector<double> probability;
  /// The table row and the group of each decided row; rows the runtime
  /// refuses are left out.
  std::vector<size_t> rows;
  std::vector<int> group;
};

/// @throws std::invalid_argument unless the model's rule is a regression
///         mixture or a regression rule.
MemberOutputs RegressionMemberOutputs(const runtime::Model& model,
                                      const data::InputEncoder& encoder);

/// Whether the model's rule outputs a value (regression or regression mixture).
bool IsRegressionModel(const runtime::Model& model);

}  // namespace tinyfair::host::model
