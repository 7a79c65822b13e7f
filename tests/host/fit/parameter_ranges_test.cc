#include "host_tools/fit/parameter_ranges.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace tinyfair::host::fit {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The message CheckParameter gives, or "" when it accepts the value.
std::string Refusal(const ParameterRange& range, double value) {
  try {
    CheckParameter(range, value);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ParameterRanges, ClosedAndOpenEndsAreTheRangesOwn) {
  EXPECT_EQ("", Refusal(kRho, 0.0));
  EXPECT_EQ("", Refusal(kRho, 1.0));
  EXPECT_EQ("rho: 1.0000000000000002 is outside [0, 1] (the target positive rate, or auto)",
            Refusal(kRho, std::nextafter(1.0, 2.0)));
  EXPECT_EQ("gamma: 0 is outside (0, inf) (the ramp's width)", Refusal(kGamma, 0.0));
  EXPECT_EQ("", Refusal(kGamma, std::numeric_limits<double>::denorm_min()));
  EXPECT_NE("", Refusal(kGamma, kInf));
  EXPECT_EQ("", Refusal(kL2, 0.0));
  EXPECT_NE("", Refusal(kL2, kInf));
  EXPECT_EQ("[1e-09, 0.999999]", RangeText(kMonitorAlpha));
}

TEST(ParameterRanges, NanIsOutsideEveryRange) {
  for (const ParameterRange* range :
       {&kRho, &kGamma, &kGammaGrid, &kL2, &kGradientTolerance, &kEpsilon, &kRhoOffsets,
        &kMaxValidationGap, &kBiasTarget, &kMonitorAlpha, &kMonitorTolerance, &kProbability,
        &kSourcePrior}) {
    EXPECT_NE(std::string::npos, Refusal(*range, kNan).find(std::string(range->name) + ": nan"))
        << range->name;
  }
}

TEST(ParameterRanges, TheSourcePriorIsAnOpenRange) {
  EXPECT_EQ("", Refusal(kSourcePrior, 0.5));
  EXPECT_EQ("source-prior: 0 is outside (0, 1) (the positive rate the scores are calibrated to)",
            Refusal(kSourcePrior, 0.0));
  EXPECT_NE("", Refusal(kSourcePrior, 1.0));
}

TEST(ParameterRanges, AChoiceIsOneOfItsValues) {
  EXPECT_NO_THROW(CheckParameterChoice("score-kind", "margin", {"probability", "margin"}));
  try {
    CheckParameterChoice("score-kind", "logit", {"probability", "margin"});
    FAIL() << "logit accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ("score-kind: 'logit' is not one of probability | margin", e.what());
  }
}

TEST(ParameterRanges, GridsAreNotEmptyAndEveryValueIsInRange) {
  EXPECT_NO_THROW(CheckParameterGrid(kGammaGrid, {0.1, 1.0}));
  EXPECT_THROW(CheckParameterGrid(kGammaGrid, {}), std::invalid_argument);
  EXPECT_THROW(CheckParameterGrid(kGammaGrid, {0.1, kNan}), std::invalid_argument);
  EXPECT_THROW(CheckParameterGrid(kRhoOffsets, {0.0, 1.5}), std::invalid_argument);
}

TEST(ParameterRanges, TextIsANumberAsAWholeAndInRange) {
  EXPECT_EQ(0.25, ParseParameter(kRho, "0.25"));
  EXPECT_THROW(ParseParameter(kRho, "0.25x"), std::invalid_argument);
  EXPECT_THROW(ParseParameter(kRho, ""), std::invalid_argument);
  EXPECT_THROW(ParseParameter(kRho, "1e999"), std::invalid_argument);
  EXPECT_THROW(ParseParameter(kRho, "2"), std::invalid_argument);
}

TEST(ParameterRanges, SeedsAreSixtyFourBitsNeverWrappedOrSaturated) {
  EXPECT_EQ("", Uint64Problem("0"));
  EXPECT_EQ("", Uint64Problem("18446744073709551615"));
  for (const char* bad : {"18446744073709551616", "99999999999999999999999", "-1", "+1", " 1", "1 ",
                          "0x10", "1e3", ""}) {
    EXPECT_NE("", Uint64Problem(bad)) << bad;
  }
}

}  // namespace
}  // namespace tinyfair::host::fit
