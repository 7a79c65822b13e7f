#include "host_tools/data/feature_allow_list.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tinyfair::host::data {
namespace {

using Names = std::vector<std::string>;

const CsvTable kTable = ParseCsv("id,sex,age,hours,race,y\n1,F,30,40,a,1\n", "f.csv");

ColumnRoles AllowListRoles() {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex", "race"};
  return roles;
}

TEST(FeatureAllowListTest, LeavesOutEveryColumnButTheListedLabelAndSensitiveOnes) {
  EXPECT_EQ(ColumnsOutsideFeatures(kTable, {"hours"}, AllowListRoles()), (Names{"id", "age"}));
  EXPECT_EQ(ColumnsOutsideFeatures(kTable, {"age", "id", "hours"}, AllowListRoles()), Names{});
  // A column --ignore already leaves out is not named twice.
  ColumnRoles roles = AllowListRoles();
  roles.ignore = {"id"};
  EXPECT_EQ(ColumnsOutsideFeatures(kTable, {"hours"}, roles), (Names{"age"}));
  // No list: nothing left out.
  EXPECT_EQ(ColumnsOutsideFeatures(kTable, {}, AllowListRoles()), Names{});
}

TEST(FeatureAllowListTest, RefusesUnknownColumnsAndConflictsWithIgnore) {
  try {
    ColumnsOutsideFeatures(kTable, {"age", "hour"}, AllowListRoles());
    ADD_FAILURE() << "an unknown column accepted";
  } catch (const common::DataError& e) {
    EXPECT_STREQ(e.what(),
                 "f.csv: --features names 'hour', which is not a column; the columns are: id, "
                 "sex, age, hours, race, y");
  }
  ColumnRoles roles = AllowListRoles();
  roles.ignore = {"hours"};
  try {
    ColumnsOutsideFeatures(kTable, {"age", "hours"}, roles);
    ADD_FAILURE() << "--features and --ignore of one column accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "--features and --ignore both name column 'hours'; name it in one of them");
  }
}

}  // namespace
}  // namespace tinyfair::host::data
