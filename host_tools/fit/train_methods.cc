#include "host_tools/fit/train_method.h"

namespace tinyfair::host::fit {

std::vector<TrainMethod> TrainMethods() {
  return {LogisticTrainMethod(),        FrllTrainMethod(),
          ReductionTrainMethod(),       FairRegressionTrainMethod(),
          NaiveNoisyGroupTrainMethod(), DroNoisyGroupTrainMethod(),
          SoftGroupTrainMethod()};
}

}  // namespace tinyfair::host::fit
