#include "host_tools/model/folded_scales.h"

#include <cmath>

namespace tinyfair::host::model {
namespace {

// Whether every weight set has a weight per input: the scorer's one, and a
// mixture's one per member. A model without is refused by Load() whatever
// its scales, and is left as it is.
bool WeightPerInput(const tinyfair::Model& model) {
  const int inputs = model.inputs_size();
  return model.scorer().weights_size() == inputs &&
         (!model.has_mixture() || model.mixture().weights_size() % inputs == 0);
}

// The weight of input `input` in each set of `inputs` weights, the sets one
// after another, times `scale`: the float product Load() computes.
void ScaleWeights(google::protobuf::RepeatedField<float>& weights, int inputs, int input,
                  float scale) {
  for (int at = input; at < weights.size(); at += inputs) weights[at] = weights[at] * scale;
}

}  // namespace

void FoldInputScales(tinyfair::Model& model) {
  if (model.inputs_size() == 0 || !WeightPerInput(model)) return;
  const int inputs = model.inputs_size();
  for (int i = 0; i < inputs; ++i) {
    tinyfair::Input& input = *model.mutable_inputs(i);
    const float scale = input.scale();
    if (input.kind() != tinyfair::Input::NUMERIC || scale == 1.0f || !std::isnormal(scale)) {
      continue;
    }
    ScaleWeights(*model.mutable_scorer()->mutable_weights(), inputs, i, scale);
    if (model.has_mixture()) {
      ScaleWeights(*model.mutable_mixture()->mutable_weights(), inputs, i, scale);
    }
    input.set_scale(1.0f);
  }
}

}  // namespace tinyfair::host::model
