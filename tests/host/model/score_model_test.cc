// The model around a column of scores, from a file's text and from typed
// columns (scores as float64, groups as codes or numbers): the same model,
// and a bad score or a missing group named by its row's line either way.
#include "host_tools/model/score_model.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::model {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const char kCsv[] =
    "score,sex,band\n"
    "0.25,F,1\n"
    "0.75,M,2\n"
    ",M,1\n"
    "0.5,F,2\n";

struct TypedScores {
  std::vector<double> scores = {0.25, 0.75, kNaN, 0.5};
  std::vector<double> bands = {1.0, 2.0, 1.0, 2.0};

  data::ColumnTable Table() const {
    data::ColumnTable table;
    table.path = "frame";
    table.columns.push_back(data::TableColumn::NumbersOver("score", scores.data(), scores.size()));
    // "X" is a value no row holds (a category pandas keeps): no group.
    table.columns.push_back(data::TableColumn::Text("sex", {0, 1, 1, 0}, {"F", "M", "X"}));
    table.columns.push_back(data::TableColumn::NumbersOver("band", bands.data(), bands.size()));
    return table;
  }
};

common::DataError ErrorOf(const data::ColumnTable& table, ScoreKind kind,
                          const std::vector<std::string>& groups) {
  try {
    ScoreOnlyModel(table, "score", kind, groups);
  } catch (const common::DataError& error) {
    return error;
  }
  ADD_FAILURE() << "no DataError";
  return common::DataError("", 0, 0, "");
}

TEST(ScoreOnlyModel, TypedColumnsGiveTheFilesModel) {
  const data::CsvTable file = data::ParseCsv(kCsv, "scores.csv");
  const TypedScores typed;
  for (const auto kind : {ScoreKind::kProbability, ScoreKind::kMargin}) {
    const auto from_file = ScoreOnlyModel(file, "score", kind, {"sex", "band"});
    const auto from_typed = ScoreOnlyModel(typed.Table(), "score", kind, {"sex", "band"});
    EXPECT_EQ(from_file.SerializeAsString(), from_typed.SerializeAsString());
  }
  const auto model = ScoreOnlyModel(typed.Table(), "score", ScoreKind::kProbability, {"sex"});
  ASSERT_EQ(2, model.inputs_size());
  EXPECT_EQ(2u, model.inputs(1).category_count());  // F, M: not the unused X
}

TEST(ScoreOnlyModel, AScoreOutsideTheUnitIntervalIsNamedByItsLine) {
  TypedScores typed;
  typed.scores[1] = 1.5;
  const common::DataError error = ErrorOf(typed.Table(), ScoreKind::kProbability, {"sex"});
  EXPECT_EQ(3u, error.line());
  EXPECT_EQ(1u, error.column());
  EXPECT_EQ("score 1.5 is not a probability; use --score-kind margin for unbounded scores",
            error.message());
  // A margin may be any number.
  EXPECT_NO_THROW(ScoreOnlyModel(typed.Table(), "score", ScoreKind::kMargin, {"sex"}));
}

TEST(ScoreOnlyModel, AMissingGroupIsNamedAsTheFileNamesIt) {
  TypedScores typed;
  typed.bands[2] = kNaN;
  std::string file_csv = kCsv;
  file_csv.replace(file_csv.find(",M,1\n"), 5, ",M,\n");
  const common::DataError from_typed = ErrorOf(typed.Table(), ScoreKind::kMargin, {"band"});
  const common::DataError from_file =
      ErrorOf(data::ColumnTableFromCsv(data::ParseCsv(file_csv, "scores.csv")), ScoreKind::kMargin,
              {"band"});
  EXPECT_EQ(4u, from_typed.line());
  EXPECT_EQ(3u, from_typed.column());
  EXPECT_EQ(from_file.message(), from_typed.message());
}

}  // namespace
}  // namespace tinyfair::host::model
