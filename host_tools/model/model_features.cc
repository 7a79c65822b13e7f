#include "host_tools/model/model_features.h"

#include "host_tools/model/integer_scorer.h"

namespace tinyfair::host::model {

uint64_t RequiredFeatures(const tinyfair::Model& model) {
  uint64_t features = 0;
  if (model.has_two_threshold() && model.two_threshold().ignore_size() > 0) {
    features |= uint64_t{1} << tinyfair::TWO_THRESHOLD_CONSTANT;
  }
  if (IntegerScorerOf(model) != nullptr) features |= uint64_t{1} << tinyfair::INTEGER_SCORER;
  return features;
}

}  // namespace tinyfair::host::model
