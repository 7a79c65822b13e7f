// A loaded tinyfair model: validated once at Load(), then Decide() per input.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <Eigen/Core>

#include "tinyfair/model.nanopb.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// The inputs of one decision.
struct DecisionInput {
  /// One value per model input, in the model's order; a categorical input
  /// carries its category index (0, 1, ...) as a float.
  const float* values = nullptr;
  size_t count = 0;
  /// The group, read only by models whose groups are given directly
  /// (GroupFormation.DIRECT); other models form it from the inputs.
  uint32_t group = 0;
};

/// A model in caller-owned storage (about 5 KiB at the default capacities;
/// sizeof(Model) tells). It never allocates and holds no pointer into the
/// bytes it was loaded from, so they may be freed after Load().
///
/// Load() treats its bytes as untrusted: it checks the CRC, the schema
/// version, the capacities, then every index, count and number. After a
/// successful Load(), Decide() checks only the inputs it is given.
class Model {
 public:
  Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  /// Loads a model file. On any failure the model is left unloaded.
  Status Load(const uint8_t* bytes, size_t size);

  /// Decides for one input, taking one draw from `rng`. The record is always
  /// filled, with the status also returned.
  Status Decide(const DecisionInput& input, Pcg32& rng, Decision& out) const;

  /// Decides with a draw the caller supplies (e.g. from a hardware entropy
  /// source, or to replay a recorded decision).
  Status DecideWithDraw(const DecisionInput& input, uint32_t draw,
                        Decision& out) const;

  bool loaded() const { return loaded_; }
  size_t input_count() const { return loaded_ ? message_.inputs_count : 0; }
  size_t group_count() const {
    return loaded_ ? message_.dimensions.group_count : 0;
  }
  uint64_t content_hash() const { return loaded_ ? message_.content_hash : 0; }
  /// The model id, NUL-terminated ("" when not loaded).
  const char* model_id() const { return loaded_ ? message_.model_id : ""; }
  /// The decoded message, for tools that report on a model.
  const tinyfair_Model& message() const { return message_; }

 private:
  using InputVector = Eigen::Matrix<float, Eigen::Dynamic, 1, 0,
                                    static_cast<int>(kMaxInputs), 1>;

  Status Validate();
  void PrepareScorer();
  Status FormGroup(const DecisionInput& input, uint32_t& group,
                   uint32_t& unknown_attribute_mask) const;
  Status Score(const DecisionInput& input, uint32_t unknown_attribute_mask,
               float& margin) const;
  float Probability(uint32_t group, float score) const;

  tinyfair_Model message_{};
  // The scorer with numeric offsets and scales folded in at load, so that a
  // decision costs one multiply-add per input:
  // margin = folded_bias_ + sum_i folded_weights_[i] * x_i + category terms.
  InputVector folded_weights_;
  float folded_bias_ = 0.0f;
  // Categorical inputs and where each one's category terms start.
  uint8_t categorical_inputs_[kMaxInputs] = {};
  uint16_t category_table_start_[kMaxInputs] = {};
  size_t categorical_count_ = 0;
  bool loaded_ = false;
};

}  // namespace tinyfair::runtime
