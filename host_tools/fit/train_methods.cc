#include <utility>

#include "host_tools/fit/train_method.h"

namespace tinyfair::host::fit {

std::vector<TrainMethod> TrainMethods() {
  std::vector<TrainMethod> methods = {LogisticTrainMethod(), FrllTrainMethod(),
                                      ReductionTrainMethod(), FairRegressionTrainMethod()};
  for (TrainMethod& method : NoisyGroupTrainMethods()) methods.push_back(std::move(method));
  return methods;
}

}  // namespace tinyfair::host::fit
