// The one table of fairness constraints: every spelling the CLI and Python
// accept names its constraint and back, an unknown spelling is refused with
// the known ones, and a family's refusal names what it fits.
#include "host_tools/metrics/fairness_constraint.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace tinyfair::host::metrics {
namespace {

TEST(FairnessConstraint, EverySpellingNamesItsConstraintAndBack) {
  const struct {
    const char* name;
    FairnessConstraint constraint;
  } spellings[] = {{"dp", FairnessConstraint::kDemographicParity},
                   {"eopp", FairnessConstraint::kEqualOpportunity},
                   {"eodds", FairnessConstraint::kEqualizedOdds},
                   {"sp", FairnessConstraint::kStatisticalParity},
                   {"bgl", FairnessConstraint::kBoundedGroupLoss}};
  for (const auto& s : spellings) {
    EXPECT_EQ(s.constraint, FairnessConstraintNamed(s.name)) << s.name;
    EXPECT_STREQ(s.name, FairnessConstraintName(s.constraint));
  }
}

TEST(FairnessConstraint, AnUnknownSpellingIsRefusedWithTheKnownOnes) {
  for (const char* unknown : {"", "DP", "eo", "parity", "dp "}) {
    try {
      FairnessConstraintNamed(unknown);
      ADD_FAILURE() << "'" << unknown << "' was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(
          "no fairness constraint '" + std::string(unknown) + "' (dp | eopp | eodds | sp | bgl)",
          e.what());
    }
  }
}

TEST(FairnessConstraint, AFamilyRefusesWhatItDoesNotFitByName) {
  EXPECT_NO_THROW(RequireSupportedConstraint(
      "hardt", FairnessConstraint::kEqualizedOdds,
      {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualizedOdds}));
  try {
    RequireSupportedConstraint(
        "hardt", FairnessConstraint::kBoundedGroupLoss,
        {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualizedOdds});
    ADD_FAILURE() << "bgl was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ("hardt fits constraint dp | eodds, not 'bgl'", e.what());
  }
}

}  // namespace
}  // namespace tinyfair::host::metrics
