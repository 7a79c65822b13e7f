// The id a trained model gets: the one given, or the method's name with its
// constraint, by the one rule of model/model_id.h; and the constraints each
// train method lists, spelt by the one table of metrics/fairness_constraint.h.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/model/model_id.h"

namespace tinyfair::host::fit {
namespace {

TrainOptions OptionsFor(const std::string& method, const std::string& constraint) {
  TrainOptions options;
  options.method = method;
  options.constraint = constraint;
  return options;
}

TEST(TrainedModelId, TheMethodAndItsConstraintOrTheGivenId) {
  EXPECT_EQ("logistic", TrainedModelId(OptionsFor("logistic", "")));
  EXPECT_EQ("reduction-eodds", TrainedModelId(OptionsFor("reduction", "eodds")));
  EXPECT_EQ("fair-regression-bgl", TrainedModelId(OptionsFor("fair-regression", "bgl")));
  TrainOptions named = OptionsFor("frll", "eopp");
  named.id = "adult-frll";
  EXPECT_EQ("adult-frll", TrainedModelId(named));
}

TEST(TrainedModelId, AGivenIdTheDeviceCannotHoldIsRefused) {
  TrainOptions named = OptionsFor("logistic", "");
  named.id = std::string(model::MaxModelIdBytes(), 'a');
  EXPECT_EQ(named.id, TrainedModelId(named));
  named.id += "a";
  EXPECT_THROW(TrainedModelId(named), std::invalid_argument);
}

TEST(TrainedModelId, EveryMethodsConstraintsAreSpeltByTheOneTable) {
  std::vector<std::vector<std::string>> spelt;
  for (const TrainMethod& method : TrainMethods()) {
    if (method.name == "logistic" || method.name == "reduction" || method.name == "frll" ||
        method.name == "naive" || method.name == "fair-regression") {
      spelt.push_back(ConstraintNames(method));
    }
  }
  const std::vector<std::vector<std::string>> expected = {
      {}, {"dp", "eopp", "eodds"}, {"dp", "eodds"}, {"sp", "bgl"}, {"eopp", "eodds"}};
  EXPECT_EQ(expected, spelt);
}

}  // namespace
}  // namespace tinyfair::host::fit
