#include "host_tools/model/score_model.h"

#include <cmath>
#include <set>

#include "host_tools/model/model_id.h"

namespace tinyfair::host::model {

tinyfair::Model ScoreOnlyModel(const data::CsvTable& table, const std::string& score_column,
                               ScoreKind kind, const std::vector<std::string>& categorical) {
  const size_t score = table.column(score_column);
  for (size_t r = 0; r < table.rows.size(); ++r) {
    if (table.is_missing(table.rows[r][score])) continue;
    const double value = data::ParseNumber(table, r, score);
    if (kind == ScoreKind::kProbability && !(value >= 0.0 && value <= 1.0)) {
      throw common::DataError(
          table.path, table.line_of_row[r], score + 1,
          "score " + table.rows[r][score] +
              " is not a probability; use --score-kind margin for unbounded scores");
    }
  }
  tinyfair::Model model;
  auto* input = model.add_inputs();
  input->set_name(score_column);
  input->set_kind(tinyfair::Input::NUMERIC);
  input->set_scale(1.0f);
  auto* scorer = model.mutable_scorer();
  scorer->add_weights(2.0f);
  if (kind == ScoreKind::kProbability) {
    // f = 2p - 1, exactly in float for every p.
    scorer->set_bias(-1.0f);
    scorer->set_link(tinyfair::LinearScorer::IDENTITY);
  } else {
    // tanh(m) = 2 / (1 + e^{-2m}) - 1.
    scorer->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  }
  for (const auto& name : categorical) {
    const size_t c = table.column(name);
    std::set<std::string> categories;
    for (size_t r = 0; r < table.rows.size(); ++r) {
      // As in train: a row without its group cannot count.
      if (table.is_missing(table.rows[r][c])) {
        throw common::DataError(
            table.path, table.line_of_row[r], c + 1,
            "column '" + name + "': missing value '" + table.rows[r][c] +
                "' in a column that forms the groups; every row needs its group");
      }
      categories.insert(table.rows[r][c]);
    }
    auto* attribute = model.add_inputs();
    attribute->set_name(name);
    attribute->set_kind(tinyfair::Input::CATEGORICAL);
    for (const auto& category : categories) attribute->add_categories(category);
    attribute->set_category_count(static_cast<uint32_t>(categories.size()));
    scorer->add_weights(0.0f);
    for (size_t k = 0; k < categories.size(); ++k) scorer->add_category_weights(0.0f);
  }
  model.set_model_id(FittedModelId("scores:", score_column, CutPart::kTail));
  return model;
}

}  // namespace tinyfair::host::model
