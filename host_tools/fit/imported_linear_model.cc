#include "host_tools/fit/imported_linear_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/group_formation.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// What the reference rates are, for the provenance.
std::string RatesText(const data::ColumnTable* rows, const DecidedRates& decided) {
  if (rows == nullptr) return "not measured (no X with every pipeline input), 0";
  std::string text =
      "the runtime's decisions on " + std::to_string(decided.decided) + " rows of " + rows->path;
  if (decided.refused > 0) text += " (" + std::to_string(decided.refused) + " refused)";
  return text;
}

// A weight as the model stores it: rounded to float32 once.
float Float32(const std::string& what, double value) {
  const auto stored = static_cast<float>(value);
  if (!std::isfinite(stored)) {
    throw std::invalid_argument(what + ": a weight of " + std::to_string(value) +
                                " does not fit a float32");
  }
  return stored;
}

bool IsGroupAttribute(const ImportedScorer& scorer, const std::string& name) {
  return std::find(scorer.group_attributes.begin(), scorer.group_attributes.end(), name) !=
         scorer.group_attributes.end();
}

// A group attribute the scorer does not read: a categorical input of weight
// 0 whose categories are the values of the rows' column, every row with one.
ImportedInput GroupAttributeOfRows(const std::string& name, const data::ColumnTable* rows) {
  if (rows == nullptr || !rows->has_column(name)) {
    throw std::invalid_argument("sensitive feature '" + name +
                                "': no input of the scorer and no column of the rows, so it "
                                "has no categories");
  }
  const std::size_t c = rows->column(name);
  const auto values = data::ValueRowCounts(data::AsText(rows->columns[c]));
  ImportedInput input;
  input.name = name;
  input.numeric = false;
  for (const auto& [value, count] : values) {
    const bool missing = rows->is_missing_text(value);
    if (missing || value == data::kOtherCategory) {
      throw common::DataError(
          rows->path, 0, 0,
          "sensitive feature '" + name + "': " + std::to_string(count) +
              (count == 1 ? " row holds '" : " rows hold '") + value + "', " +
              (missing ? "a missing value" : "the name tinyfair gives unknown values") +
              "; every row needs its group");
    }
    input.categories.push_back(value);
  }
  return input;
}

// The scorer's inputs and the group attributes it does not read, the rows'
// columns first in the rows' order, then the others in the scorer's.
std::vector<ImportedInput> InputsInOrder(const ImportedScorer& scorer,
                                         const data::ColumnTable* rows) {
  std::vector<ImportedInput> inputs = scorer.inputs;
  for (const auto& name : scorer.group_attributes) {
    const bool read = std::any_of(inputs.begin(), inputs.end(),
                                  [&name](const ImportedInput& i) { return i.name == name; });
    if (!read) inputs.push_back(GroupAttributeOfRows(name, rows));
  }
  const auto position = [rows](const ImportedInput& input) {
    return rows != nullptr && rows->has_column(input.name) ? rows->column(input.name)
                                                           : std::numeric_limits<size_t>::max();
  };
  std::stable_sort(inputs.begin(), inputs.end(),
                   [&position](const ImportedInput& a, const ImportedInput& b) {
                     return position(a) < position(b);
                   });
  return inputs;
}

// A categorical input: its categories in the CLI's order (by their bytes),
// then kOtherCategory of weight 0 where unknown values weigh 0; their
// weights in the margin appended to the scorer's category terms in the
// same order.
void AddCategoricalInput(const ImportedInput& imported, const ImportedMargin& margin,
                         bool group_attribute, tinyfair::Model& model) {
  std::vector<std::size_t> order(imported.categories.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&imported](std::size_t a, std::size_t b) {
    return imported.categories[a] < imported.categories[b];
  });
  auto& input = *model.add_inputs();
  input.set_name(imported.name);
  input.set_kind(tinyfair::Input::CATEGORICAL);
  auto& scorer = *model.mutable_scorer();
  scorer.add_weights(0.0f);
  for (const std::size_t k : order) {
    input.add_categories(imported.categories[k]);
    scorer.add_category_weights(
        Float32("column '" + imported.name + "'",
                margin.CategoryWeight(imported.name, imported.categories[k])));
  }
  if (imported.unknown_as_other && !group_attribute) {
    input.add_categories(data::kOtherCategory);
    input.set_last_category_is_other(true);
    scorer.add_category_weights(0.0f);
  }
  input.set_category_count(static_cast<uint32_t>(input.categories_size()));
}

void AddNumericInput(const ImportedInput& imported, const ImportedMargin& margin,
                     bool group_attribute, tinyfair::Model& model) {
  if (group_attribute) {
    throw std::invalid_argument("sensitive feature '" + imported.name +
                                "': is a numeric input; groups are formed from categories");
  }
  auto& input = *model.add_inputs();
  input.set_name(imported.name);
  input.set_kind(tinyfair::Input::NUMERIC);
  input.set_offset(0.0f);
  input.set_scale(1.0f);
  model.mutable_scorer()->add_weights(
      Float32("column '" + imported.name + "'", margin.NumericWeight(imported.name)));
}

tinyfair::LinearScorer::Link LinkNamed(const std::string& name) {
  tinyfair::LinearScorer::Link link{};
  if (!tinyfair::LinearScorer::Link_Parse(name, &link)) {
    throw std::invalid_argument("link '" + name + "': IDENTITY or LOGISTIC");
  }
  return link;
}

// Each feature is made from an input the scorer lists, as that input
// reads: a raw value of a numeric one, an indicator of a listed category
// of a categorical one; a weight on anything else would be lost.
void RequireFeaturesOfInputs(const ImportedScorer& scorer) {
  for (const ImportedFeature& feature : scorer.estimator.features) {
    const auto input =
        std::find_if(scorer.inputs.begin(), scorer.inputs.end(),
                     [&feature](const ImportedInput& i) { return i.name == feature.column; });
    const bool made_of_input =
        input != scorer.inputs.end() && input->numeric != feature.indicator &&
        (!feature.indicator || std::find(input->categories.begin(), input->categories.end(),
                                         feature.category) != input->categories.end());
    if (!made_of_input) {
      throw std::invalid_argument(
          "a feature of column '" + feature.column + "'" +
          (feature.indicator ? " (category '" + feature.category + "')" : "") +
          " is made of no input the scorer lists as it reads it");
    }
  }
}

void RequireModelId(const std::string& id) {
  if (id.empty()) throw std::invalid_argument("model_id: empty; a model needs an id");
  model::RequireModelIdFits(id, "model_id");
}

// How the model decides, as its provenance says it: "positive iff score >=
// 0.5" (%g: the threshold's shortest text, as Python's format writes it).
std::string DecisionRuleText(double threshold) {
  return common::FormatText("positive iff score >= %g", threshold);
}

// Whether `rows` hold every input of `model` (the rows its rates need).
bool HoldsEveryInput(const data::ColumnTable& rows, const tinyfair::Model& model) {
  return std::all_of(
      model.inputs().begin(), model.inputs().end(),
      [&rows](const tinyfair::Input& input) { return rows.has_column(input.name()); });
}

}  // namespace

DecidedRates RuntimeDecidedRates(const tinyfair::Model& model, const data::ColumnTable& rows) {
  // A threshold rule decides with probability 0 or 1: the expected rate is
  // the share of rows decided positive.
  const simulate::ExpectedPositiveRateSums sums = simulate::ExpectedPositiveRateSumsOf(model, rows);
  DecidedRates decided;
  decided.rates = sums.Rates();
  for (const double count : sums.counts()) decided.decided += static_cast<std::size_t>(count);
  decided.refused = rows.row_count() - decided.decided;
  return decided;
}

void FinishImportedModel(const std::string& made_by, const data::ColumnTable* rows,
                         tinyfair::Model& model) {
  const std::size_t groups = model.dimensions().group_count();
  DecidedRates decided;
  decided.rates.assign(groups, 0.0);
  if (rows != nullptr) {
    model.clear_reference_positive_rate();
    for (std::size_t g = 0; g < groups; ++g) model.add_reference_positive_rate(0.0f);
    decided = RuntimeDecidedRates(model, *rows);
  }
  model::FinishModel({"", decided.rates, made_by + "; reference rates " + RatesText(rows, decided)},
                     model);
}

tinyfair::Model ImportedLinearModel(const ImportedScorer& scorer, const data::ColumnTable* rows) {
  RequireModelId(scorer.model_id);
  RequireFeaturesOfInputs(scorer);
  const ImportedMargin margin = MarginOverInputs(scorer.estimator);
  tinyfair::Model model;
  model.set_model_id(scorer.model_id);
  for (const auto& input : InputsInOrder(scorer, rows)) {
    const bool group_attribute = IsGroupAttribute(scorer, input.name);
    if (input.numeric) {
      AddNumericInput(input, margin, group_attribute, model);
    } else {
      AddCategoricalInput(input, margin, group_attribute, model);
    }
  }
  auto& linear = *model.mutable_scorer();
  linear.set_bias(Float32("bias", margin.bias()));
  linear.set_link(LinkNamed(scorer.link));
  data::FormGroups(scorer.group_attributes, "refuse", model);
  const auto groups = static_cast<int>(model.dimensions().group_count());
  for (int g = 0; g < groups; ++g) {
    model.mutable_threshold()->add_threshold(Float32("threshold", scorer.threshold));
    model.add_reference_positive_rate(0.0f);
  }
  const bool measured = rows != nullptr && HoldsEveryInput(*rows, model);
  FinishImportedModel(scorer.made_by + ", " + DecisionRuleText(scorer.threshold),
                      measured ? rows : nullptr, model);
  return model::AdmitSerializedModel(model.SerializeAsString(), "from_sklearn");
}

}  // namespace tinyfair::host::fit
