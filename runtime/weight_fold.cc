// FoldWeights: the fold loop of Load's check and of the table builder
// (weight_fold.h).
#include "weight_fold.h"

#include "model_check_parts.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/fold.h"

namespace tinyfair::runtime::internal {

FoldOutcome FoldWeights(const CheckedModel& c, const tinyfair_FloatSpan& weights, size_t first,
                        float* folded, float& bias) {
  InputReader inputs(c);
  tinyfair_check_Input input;
  FoldOutcome outcome{true, true};
  for (size_t i = 0; i < c.m.inputs.count; ++i) {
    if (!inputs.Next(input)) return FoldOutcome{false, false};
    const float weight = FloatAt(weights, first + i);
    float folded_weight = weight;
    FoldInput(Is(input.kind, tinyfair_check_Input_Kind_NUMERIC), input.scale, input.offset,
              folded_weight, bias);
    outcome.finite_normal = outcome.finite_normal && FiniteNormal(folded_weight);
    outcome.kept = outcome.kept && BitsOf(folded_weight) == BitsOf(weight);
    if (folded != nullptr) folded[i] = folded_weight;
  }
  outcome.finite_normal = outcome.finite_normal && FiniteNormal(bias);
  return outcome;
}

}  // namespace tinyfair::runtime::internal
