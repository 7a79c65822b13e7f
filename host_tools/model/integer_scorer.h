// The integer path's scorer (the threshold or ramp rule's `integer`,
// docs/integer_path.md):
// the model's LinearScorer and its threshold or ramp rule quantised for cores
// without an FPU, by the rule the runtime mirrors (runtime/integer_decide.cc,
// runtime/integer_quantise.cc, runtime/integer_scorer_check.cc).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The range the weights and the data's inputs are quantised to.
enum class IntegerWidth { kInt16, kInt8 };

/// 32767 for kInt16, 127 for kInt8: the largest |weight| and |q_i| of the
/// data.
int64_t IntegerRange(IntegerWidth width);

/// The model's integer scorer (its threshold or ramp rule's `integer`);
/// nullptr when it has none.
const tinyfair::IntegerScorer* IntegerScorerOf(const tinyfair::Model& model);

/// The threshold or ramp rule's integer scorer, created when absent.
/// @throws std::invalid_argument for any other rule.
tinyfair::IntegerScorer* MutableIntegerScorer(tinyfair::Model& model);

/// Removes the integer scorer and its required feature: the float model.
void ClearIntegerScorer(tinyfair::Model& model);

/// Sets the rule's integer scorer from the model's LinearScorer and rule and from
/// `rows` (row-major, input_count floats per row: the raw inputs as the
/// runtime sees them, as host::simulate::DecideRows returns them), and sets
/// the INTEGER_SCORER bit of required_features. Per numeric input the shift
/// puts the data's largest finite |x| at most at the range; the fraction
/// bits are the most that keep every weight within the range and the
/// margin of any 16-bit inputs within int32; thresholds and ramps are
/// mapped into the margin's domain through the link's inverse.
/// @throws std::invalid_argument for a rule other than threshold or ramp,
///         rows that are not whole rows of inputs, or a scorer whose
///         weights do not fit even with no fraction bits.
void AddIntegerScorer(tinyfair::Model& model, const std::vector<float>& rows, IntegerWidth width);

/// The largest |integer margin| of any 16-bit inputs that the scorer
/// allows: |bias| + sum_i |weights[i]| * 32768 + sum_c |category_weights[c]|
/// (what Load() requires to be at most 2^31 - 1).
int64_t IntegerMarginBound(const tinyfair::IntegerScorer& scorer);

/// "integer scorer: int16, fraction bits F, input shifts ..., largest
/// |weight| W of R, margin bound M of 2^31 - 1 (P%)": one line for people.
std::string IntegerScorerSummary(const tinyfair::Model& model);

}  // namespace tinyfair::host::model
