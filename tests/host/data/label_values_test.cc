// Label values counted and named; ReadLabels refusing a --positive that
// matches no row.
#include "host_tools/data/label_values.h"

#include <gtest/gtest.h>

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {
namespace {

const char kAdultTestLike[] = "x,income\n1,<=50K.\n2,>50K.\n3,<=50K.\n4,\n";

TEST(LabelValues, CountsMostRowsFirstWithoutMissing) {
  const CsvTable table = ParseCsv(kAdultTestLike, "t.csv");
  const auto counts = LabelValueCounts(table, "income");
  ASSERT_EQ(2u, counts.size());
  EXPECT_EQ("<=50K.", counts[0].first);
  EXPECT_EQ(2u, counts[0].second);
  EXPECT_EQ(">50K.", counts[1].first);
  EXPECT_EQ(1u, counts[1].second);
  EXPECT_EQ("'<=50K.' 2 rows, '>50K.' 1 row", DescribeLabelValues(counts));
  EXPECT_EQ("'<=50K.' 2 rows and 1 more", DescribeLabelValues(counts, 1));
}

TEST(LabelValues, SimilarValueIgnoresCaseSpacesAndOneTrailingDot) {
  const std::vector<std::pair<std::string, size_t>> counts{{" Yes.", 3}, {"no", 2}};
  EXPECT_EQ(" Yes.", SimilarLabelValue(counts, "yes"));
  EXPECT_EQ("", SimilarLabelValue(counts, "y"));
  EXPECT_EQ("", SimilarLabelValue(counts, "no"));  // found as written: nothing to suggest
}

TEST(LabelValues, PositiveMatchingNoRowIsRefusedWithTheValuesFound) {
  const CsvTable table = ParseCsv("x,income\n1,<=50K.\n2,>50K.\n3,<=50K.\n", "t.csv");
  try {
    ReadLabels(table, "income", {">50K"});
    FAIL() << "a positive value that matches no row was accepted";
  } catch (const common::DataError& error) {
    EXPECT_EQ(
        "t.csv: no row of label column 'income' holds the positive value '>50K' (it holds "
        "'<=50K.' 2 rows, '>50K.' 1 row); did you mean --positive '>50K.'?",
        std::string(error.what()));
  }
}

TEST(LabelValues, OnePositiveRowIsEnough) {
  const CsvTable table = ParseCsv("x,y\n1,no\n2,yes\n3,no\n", "l.csv");
  EXPECT_EQ((std::vector<int>{0, 1, 0}), ReadLabels(table, "y", {"yes"}));
}

}  // namespace
}  // namespace tinyfair::host::data
