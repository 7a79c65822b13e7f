// The table discretiser of debias-data: blocks from columns, bins, the
// protected attribute's Z = 0 group, round trips and refusals.
#include "host_tools/preprocessing/maxent_schema.h"

#include <gtest/gtest.h>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::preprocessing {
namespace {

const char* kTable =
    "age,colour,group,count,label\n"
    "17,red,b,0,yes\n"
    "25,green,a,2,no\n"
    "40,blue,b,1,yes\n"
    "66,red,b,2,no\n";

MaxentColumns Columns() {
  MaxentColumns columns;
  columns.label = "label";
  columns.positive = {"yes"};
  columns.protected_attribute = "group";
  columns.categorical = {"colour"};
  columns.bins = {{"age", {25, 65}}};
  columns.ordinal = {"count"};
  return columns;
}

TEST(MaxentSchema, BlocksFollowTheFileOrder) {
  const data::CsvTable table = data::ParseCsv(kTable, "t.csv");
  const TableDiscretiser schema(table, Columns());
  const Domain& domain = schema.domain();
  ASSERT_EQ(domain.block_count(), 5u);
  EXPECT_EQ(domain.blocks()[0].name, "age");
  EXPECT_EQ(domain.blocks()[0].labels, (std::vector<std::string>{"<25", "[25,65)", ">=65"}));
  EXPECT_EQ(domain.blocks()[1].kind, BlockKind::kOneHot);
  // The smaller group (a: 1 row) is Z = 0.
  EXPECT_EQ(domain.blocks()[2].labels, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(domain.blocks()[3].kind, BlockKind::kOrdinal);
  EXPECT_EQ(schema.roles().protected_block, 2u);
  EXPECT_EQ(schema.roles().label_block, 4u);
  EXPECT_NEAR(domain.log_size(), std::log(3.0 * 3 * 2 * 3 * 2), 1e-12);
  const auto points = schema.Encode(table);
  EXPECT_EQ(points[0], (std::vector<int>{0, 2, 1, 0, 1}));
  EXPECT_EQ(points[1], (std::vector<int>{1, 1, 0, 2, 0}));
  EXPECT_EQ(points[3][0], 2);  // 66 >= 65
  const data::CsvTable decoded = schema.Decode(points);
  EXPECT_EQ(decoded.header, (std::vector<std::string>{"age", "colour", "group", "count", "label"}));
  EXPECT_EQ(decoded.rows[2], (std::vector<std::string>{"[25,65)", "blue", "b", "1", "1"}));
}

TEST(MaxentSchema, ProtectedZeroCanBeChosen) {
  MaxentColumns columns = Columns();
  columns.protected_zero = "b";
  const TableDiscretiser schema(data::ParseCsv(kTable, "t.csv"), columns);
  EXPECT_EQ(schema.domain().blocks()[2].labels[0], "b");
  columns.protected_zero = "c";
  EXPECT_THROW(TableDiscretiser(data::ParseCsv(kTable, "t.csv"), columns), common::DataError);
}

TEST(MaxentSchema, UnseenValueIsLocated) {
  const TableDiscretiser schema(data::ParseCsv(kTable, "t.csv"), Columns());
  const data::CsvTable other =
      data::ParseCsv("age,colour,group,count,label\n30,red,a,1,yes\n30,pink,a,1,no\n", "held.csv");
  try {
    schema.Encode(other);
    FAIL() << "an unseen colour was accepted";
  } catch (const common::DataError& error) {
    EXPECT_EQ(error.line(), 3u);
    EXPECT_EQ(error.column(), 2u);
  }
  const data::CsvTable count =
      data::ParseCsv("age,colour,group,count,label\n30,red,a,7,yes\n", "held.csv");
  EXPECT_THROW(schema.Encode(count), common::DataError);
}

TEST(MaxentSchema, RefusesBadColumns) {
  MaxentColumns columns = Columns();
  columns.protected_attribute = "colour";  // three values, and given twice
  columns.categorical = {};
  EXPECT_THROW(TableDiscretiser(data::ParseCsv(kTable, "t.csv"), columns), common::DataError);
  columns = Columns();
  columns.bins = {{"age", {65, 25}}};
  EXPECT_THROW(TableDiscretiser(data::ParseCsv(kTable, "t.csv"), columns), common::DataError);
  columns = Columns();
  columns.categorical = {"colour", "label"};
  EXPECT_THROW(TableDiscretiser(data::ParseCsv(kTable, "t.csv"), columns), common::DataError);
  columns = Columns();
  columns.ordinal = {"missing_column"};
  EXPECT_THROW(TableDiscretiser(data::ParseCsv(kTable, "t.csv"), columns), common::DataError);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
