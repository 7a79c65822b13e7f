// The selection rule of a validation grid, on reports given by hand.
#include "host_tools/fit/grid_selection.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace tinyfair::host::fit {
namespace {

metrics::ClassificationReport Point(double accuracy, double gap) {
  metrics::ClassificationReport report;
  report.expected_accuracy = accuracy;
  report.expected_dp_gap = gap;
  return report;
}

TEST(GridSelection, TheMostAccurateWithinTheGapLimit) {
  const GridSelection s =
      SelectOnValidation({Point(0.90, 0.20), Point(0.85, 0.04), Point(0.86, 0.05)}, 0.05);
  EXPECT_EQ(s.index, 2u);
  EXPECT_TRUE(s.within_target);
}

TEST(GridSelection, TheFirstOfEqualAccuracies) {
  EXPECT_EQ(SelectOnValidation({Point(0.8, 0.01), Point(0.85, 0.02), Point(0.85, 0.0)}, 1.0).index,
            1u);
}

TEST(GridSelection, TheFirstFairestWhenNoneMeetsTheLimit) {
  const GridSelection s =
      SelectOnValidation({Point(0.9, 0.3), Point(0.8, 0.1), Point(0.7, 0.1)}, 0.05);
  EXPECT_EQ(s.index, 1u);
  EXPECT_FALSE(s.within_target);
}

TEST(GridSelection, AnEmptyGridIsRefused) {
  EXPECT_THROW(SelectOnValidation({}, 1.0), std::invalid_argument);
}

TEST(GridSelection, AgainstTheInputModel) {
  metrics::ClassificationReport input = Point(0.8, 0.3);
  input.rows = 100;
  input.groups.resize(3);
  input.groups[0].n = 70;
  input.groups[1].n = 0;
  input.groups[2].n = 30;
  const SelectionOnValidation s =
      SelectionAgainstInputModel("sweep", "v.csv", Point(0.78, 0.04), input, 0.05);
  EXPECT_EQ(s.command, "sweep");
  EXPECT_EQ(s.validation, "v.csv");
  EXPECT_DOUBLE_EQ(s.selected_gap, 0.04);
  EXPECT_DOUBLE_EQ(s.input_gap, 0.3);
  EXPECT_DOUBLE_EQ(s.target_gap, 0.05);
  EXPECT_EQ(s.smallest_group, 30u);
}

}  // namespace
}  // namespace tinyfair::host::fit
