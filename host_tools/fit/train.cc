#include "host_tools/fit/train.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "host_tools/common/contains.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/dataset.h"
#include "host_tools/data/feature_allow_list.h"
#include "host_tools/data/group_formation.h"
#include "host_tools/data/label_values.h"
#include "host_tools/data/row_weights.h"
#include "host_tools/data/unlisted_values.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/provenance.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// A logistic regression on one label has no finite optimum; usually the
// label column or --positive is not what the user meant.
void RequireBothLabels(const host::data::ColumnTable& table, const LabelOptions& label,
                       const std::vector<int>& labels) {
  size_t positives = 0;
  for (int y : labels) positives += static_cast<size_t>(y);
  if (positives != 0 && positives != labels.size()) return;
  std::string positive_values;
  for (const auto& value : label.positive) {
    positive_values += (positive_values.empty() ? "'" : ", '") + value + "'";
  }
  if (positive_values.empty()) positive_values = "'1'";
  const size_t n = labels.size();
  throw host::common::DataError(
      table.path, 0, 0,
      "column '" + label.label + "' has no " + (positives == 0 ? "positive" : "negative") +
          " label in its " + std::to_string(n) + (n == 1 ? " row" : " rows") +
          "; training needs rows of both labels (positive: " + positive_values + ")");
}

// A fit on no feature, or one that decides (nearly) the same for everyone,
// is legal but rarely meant: say so.
void NoteDegenerateFit(const Eigen::MatrixXd& design) {
  if (design.cols() != 0) return;
  Note(
      "train: WARNING: no feature to learn from (every input is sensitive or left out): the "
      "model decides from its intercept alone");
}

void NoteNearConstantModel(const std::vector<double>& rates) {
  constexpr double kNearConstant = 0.01;
  double low = 1.0, high = 0.0;
  for (double rate : rates) {
    low = std::min(low, rate);
    high = std::max(high, rate);
  }
  if (rates.empty() || (high > kNearConstant && low < 1.0 - kNearConstant)) return;
  Note(host::common::FormatText(
      "train: WARNING: the model is near-constant: its expected positive rate on "
      "the training data is %.4f to %.4f across the groups",
      low, high));
}

// Training imputes a missing number with the column's mean (a zero in the
// design); the device refuses such rows, so say how many there are.
void NoteMissingValues(const host::data::ColumnTable& table,
                       const std::vector<tinyfair::Input>& inputs) {
  for (const auto& input : inputs) {
    if (input.kind() != tinyfair::Input::NUMERIC) continue;
    const host::data::TableColumn& column = table.columns[table.column(input.name())];
    size_t missing = 0;
    for (size_t r = 0; r < column.size(); ++r) {
      missing +=
          (column.numeric() ? std::isnan(column.number(r)) : table.is_missing_text(column.text(r)))
              ? 1
              : 0;
    }
    NoteImputedMissingValues(input, missing);
  }
}

// With --min-category-count, the rare values of each column are learned as
// one category: say which, so that nobody looks for them in the model.
void NoteFoldedCategories(const host::data::ColumnTable& table, const tinyfair::Model& model,
                          uint32_t min_count) {
  for (const auto& folded : host::data::FindUnlistedValues(model, table)) {
    Note("train: column '" + folded.column + "': " + std::to_string(folded.values.size()) +
         (folded.values.size() == 1 ? " value" : " values") + " of fewer than " +
         std::to_string(min_count) + " rows (" + std::to_string(folded.rows) +
         (folded.rows == 1 ? " row" : " rows") + ") folded into '" + host::data::kOtherCategory +
         "'");
  }
}

}  // namespace

std::vector<std::string> ConstraintNames(const TrainMethod& method) {
  std::vector<std::string> names;
  for (metrics::FairnessConstraint c : method.constraints) {
    names.push_back(metrics::FairnessConstraintName(c));
  }
  return names;
}

metrics::FairnessConstraint ChosenConstraint(const TrainOptions& o) {
  return metrics::FairnessConstraintNamed(o.constraint);
}

std::string TrainedModelId(const TrainOptions& o) {
  model::RequireModelIdFits(o.id);
  if (!o.id.empty()) return o.id;
  return model::FittedModelId(o.method, o.constraint.empty() ? "" : "-" + o.constraint,
                              model::CutPart::kHead);
}

const TrainMethod& ChooseTrainMethod(const std::vector<TrainMethod>& methods, TrainOptions& o) {
  if (o.sensitive.empty()) throw std::invalid_argument("train needs --sensitive");
  CheckParameter(kL2, o.l2);
  model::ProvenanceDetailNamed(o.provenance);  // refused before the data is read
  model::RequireModelIdFits(o.id);
  const auto method = std::find_if(methods.begin(), methods.end(),
                                   [&](const TrainMethod& m) { return m.name == o.method; });
  if (method == methods.end()) throw std::invalid_argument("no train method '" + o.method + "'");
  const std::vector<std::string> constraints = ConstraintNames(*method);
  if (o.constraint.empty() && !constraints.empty()) o.constraint = constraints.front();
  if (!o.constraint.empty() &&
      std::find(constraints.begin(), constraints.end(), o.constraint) == constraints.end()) {
    std::string accepted;
    for (const auto& c : constraints) accepted += (accepted.empty() ? "" : " | ") + c;
    throw std::invalid_argument(
        "--method " + o.method +
        (constraints.empty() ? " takes no --constraint" : " takes --constraint " + accepted));
  }
  return *method;
}

// The weight column's numbers, once the method and the column's role say
// it can be one; empty without a weight column.
Eigen::VectorXd RowWeightsFor(const TrainMethod& method, const TrainOptions& o,
                              const data::ColumnTable& table) {
  if (o.weight_column.empty()) return Eigen::VectorXd();
  if (!method.takes_row_weights) {
    throw std::invalid_argument("--weight-column: --method " + o.method +
                                " takes no row weights; logistic does");
  }
  if (o.weight_column == o.label.label || common::Contains(o.sensitive, o.weight_column)) {
    throw std::invalid_argument("--weight-column: '" + o.weight_column +
                                "' is the label or a sensitive column; name the weights' own");
  }
  return data::ReadRowWeights(table, o.weight_column);
}

host::data::ColumnRoles TrainColumnRoles(const TrainOptions& o, const std::string& path,
                                         const std::vector<std::string>& columns) {
  host::data::ColumnRoles roles;
  roles.label = o.label.label;
  roles.positive_labels = o.label.positive;
  roles.sensitive = o.sensitive;
  roles.categorical = o.categorical;
  roles.numeric = o.numeric;
  roles.ignore = o.ignore;
  roles.min_category_count = o.min_category_count;
  if (!o.weight_column.empty()) roles.ignore.push_back(o.weight_column);
  for (auto& name : host::data::ColumnsOutsideFeatures(path, columns, o.features, roles)) {
    roles.ignore.push_back(std::move(name));
  }
  return roles;
}

tinyfair::Model Train(TrainOptions o, const data::ColumnTable& table,
                      const std::vector<TrainMethod>& methods) {
  const TrainMethod& method = ChooseTrainMethod(methods, o);
  const host::data::ColumnRoles roles = TrainColumnRoles(o, table.path, table.column_names());
  std::vector<int> labels;
  if (!method.numeric_label)
    labels = host::data::ReadLabels(table, roles.label, roles.positive_labels);

  tinyfair::Model model;
  model.set_model_id(TrainedModelId(o));
  const std::vector<tinyfair::Input> inputs = host::data::InputsFromTable(table, roles);
  for (const auto& input : inputs) *model.add_inputs() = input;
  if (!method.numeric_label) RequireBothLabels(table, o.label, labels);
  if (!method.numeric_label && !o.label.positive.empty())
    NoteNegativeLabelValues("train", table, o.label);
  NoteMissingValues(table, inputs);
  host::data::FormGroups(o.sensitive, o.unknown_group, model);
  NoteFoldedCategories(table, model, o.min_category_count);

  host::data::InputEncoder encoder(model.inputs(), table);
  std::vector<bool> use(inputs.size(), true);
  if (!o.use_sensitive && !method.sensitive_is_feature) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (const auto& name : o.sensitive) {
        if (inputs[i].name() == name) use[i] = false;
      }
    }
  }
  const host::data::Dataset data = host::data::BuildDataset(model, encoder, use, labels);
  NoteDegenerateFit(data.design);
  const Eigen::VectorXd row_weights = RowWeightsFor(method, o, table);
  const TrainingSet set{o, table, encoder, data.design, use, data.labels, data.groups, row_weights};
  const std::string provenance = method.fit(set, model);

  // Reference rates: the rule's expected positive rate per group on the
  // training data, decided by the runtime (a regression method sets its
  // mean outputs itself).
  std::vector<double> rates;
  if (!method.numeric_label) {
    const size_t group_count = model.dimensions().group_count();
    for (size_t g = 0; g < group_count; ++g) model.add_reference_positive_rate(0.0f);
    rates = host::simulate::ExpectedPositiveRates(model, table);
    NoteNearConstantModel(rates);
  }
  host::model::FinishModel(
      {"", rates, provenance, host::model::ProvenanceDetailNamed(o.provenance)}, model);
  return model;
}

}  // namespace tinyfair::host::fit
