#include "host_tools/model/score_model.h"

#include <cmath>
#include <set>

#include "host_tools/model/model_id.h"

namespace tinyfair::host::model {

namespace {

// A score as the rule reads it; `cell` is its text for messages.
void CheckScore(const data::ColumnTable& table, size_t row, size_t score, ScoreKind kind,
                double value, const std::string& cell) {
  if (kind == ScoreKind::kProbability && !(value >= 0.0 && value <= 1.0)) {
    throw common::DataError(
        table.path, table.line(row), score + 1,
        "score " + cell + " is not a probability; use --score-kind margin for unbounded scores");
  }
}

// The present scores checked: numbers (NaN missing) as they are, text
// parsed.
void CheckScores(const data::ColumnTable& table, size_t score, ScoreKind kind) {
  const data::TableColumn& column = table.columns[score];
  for (size_t r = 0; r < column.size(); ++r) {
    if (column.numeric()) {
      if (!std::isnan(column.number(r))) {
        CheckScore(table, r, score, kind, column.number(r), column.CellText(r));
      }
      continue;
    }
    const std::string& cell = column.text(r);
    if (table.is_missing_text(cell)) continue;
    double value = 0.0;
    if (!data::ParseNumberText(cell, &value)) {
      throw common::DataError(table.path, table.line(r), score + 1,
                              "column " + data::QuoteForMessage(column.name()) +
                                  ": not a number: " + data::QuoteForMessage(cell));
    }
    CheckScore(table, r, score, kind, value, cell);
  }
}

// The sorted categories of column c, every row with one (as in train: a
// row without its group cannot count).
std::set<std::string> GroupCategories(const data::ColumnTable& table, size_t c) {
  const data::TableColumn text = data::AsText(table.columns[c]);
  std::vector<bool> used(text.dictionary().size(), false);
  for (size_t r = 0; r < text.size(); ++r) {
    if (table.is_missing_text(text.text(r))) {
      throw common::DataError(table.path, table.line(r), c + 1,
                              "column '" + text.name() + "': missing value '" + text.text(r) +
                                  "' in a column that forms the groups; every row needs its group");
    }
    used[text.code(r)] = true;
  }
  std::set<std::string> categories;
  for (size_t code = 0; code < used.size(); ++code) {
    if (used[code]) categories.insert(text.dictionary()[code]);
  }
  return categories;
}

}  // namespace

tinyfair::Model ScoreOnlyModel(const data::CsvTable& table, const std::string& score_column,
                               ScoreKind kind, const std::vector<std::string>& categorical) {
  return ScoreOnlyModel(data::ColumnTableFromCsv(table), score_column, kind, categorical);
}

tinyfair::Model ScoreOnlyModel(const data::ColumnTable& table, const std::string& score_column,
                               ScoreKind kind, const std::vector<std::string>& categorical) {
  CheckScores(table, table.column(score_column), kind);
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
    const std::set<std::string> categories = GroupCategories(table, table.column(name));
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
