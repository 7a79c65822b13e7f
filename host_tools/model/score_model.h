// A model around scores from any other model: the device receives the score
// as an input, so any black-box scorer can be post-processed.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

enum class ScoreKind {
  /// p in [0, 1]: the rule sees f = 2p - 1.
  kProbability,
  /// An unbounded margin m: the rule sees f = tanh(m).
  kMargin,
};

/// A model whose inputs are the score column and the given categorical
/// columns (their categories from `table`), whose scorer maps the score to
/// f in [-1, 1] as the randomized threshold optimizer's spec says, and
/// whose groups are not formed yet (see FormGroups).
/// @throws DataError naming a missing column, a probability outside [0, 1],
///         or a missing value in a categorical column (they form the groups).
tinyfair::Model ScoreOnlyModel(const data::ColumnTable& table, const std::string& score_column,
                               ScoreKind kind, const std::vector<std::string>& categorical);
tinyfair::Model ScoreOnlyModel(const data::CsvTable& table, const std::string& score_column,
                               ScoreKind kind, const std::vector<std::string>& categorical);

}  // namespace tinyfair::host::model
