#include "host_tools/fit/train_logistic_parts.h"

#include <algorithm>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/data/dataset.h"
#include "host_tools/data/group_formation.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_logistic.h"
#include "host_tools/learn/logistic_newton.h"
#include "host_tools/preprocessing/reweighing.h"

namespace tinyfair::host::fit {
namespace {

data::CsvTable HeaderOnly(const TrainOptions& options, const std::vector<std::string>& header) {
  data::CsvTable table;
  table.path = options.data;
  table.header = header;
  return table;
}

// Per model input: whether the scorer uses it (train's rule: not the
// sensitive ones unless --use-sensitive).
std::vector<bool> UsedInputs(const TrainOptions& options, const tinyfair::Model& model) {
  std::vector<bool> use(static_cast<size_t>(model.inputs_size()), true);
  if (options.use_sensitive) return use;
  for (int i = 0; i < model.inputs_size(); ++i) {
    const std::string& name = model.inputs(i).name();
    if (std::find(options.sensitive.begin(), options.sensitive.end(), name) !=
        options.sensitive.end()) {
      use[static_cast<size_t>(i)] = false;
    }
  }
  return use;
}

// A part's 0/1 labels: as ReadLabels reads them, but a part may hold no
// positive label (the whole table is checked from the merged counts).
std::vector<int> PartLabels(const data::ColumnTable& part, const LabelOptions& label) {
  if (label.positive.empty()) return data::ReadLabels(part, label.label, {});
  const size_t c = part.column(label.label);
  // Each distinct value is judged once; a row takes its value's verdict.
  const data::TableColumn text = data::AsText(part.columns[c]);
  std::vector<bool> missing, positive;
  for (const auto& value : text.dictionary()) {
    missing.push_back(part.is_missing_text(value));
    positive.push_back(std::find(label.positive.begin(), label.positive.end(), value) !=
                       label.positive.end());
  }
  std::vector<int> labels(text.size());
  for (size_t r = 0; r < text.size(); ++r) {
    if (missing[text.code(r)]) {
      throw common::DataError(
          part.path, part.line(r), c + 1,
          "missing label in column '" + label.label + "'; drop the row or give it a label");
    }
    labels[r] = positive[text.code(r)] ? 1 : 0;
  }
  return labels;
}

// train's note on the numeric cells it imputes with the mean.
void NoteMissingValues(const data::ColumnSummaries& columns, const tinyfair::Model& model) {
  for (const auto& input : model.inputs()) {
    if (input.kind() != tinyfair::Input::NUMERIC) continue;
    NoteImputedMissingValues(input, columns.missing(input.name()));
  }
}

// The Newton driver's source: every point's sums from the parts, the Gram
// matrix summed in the same pass.
class PartsSource final : public learn::LogisticSumSource {
 public:
  PartsSource(const SumsOfParts& sums_at, double positive, double negative)
      : sums_at_(sums_at), positive_(positive), negative_(negative) {}
  void ClassWeights(double& positive, double& negative) override {
    positive = positive_;
    negative = negative_;
  }
  learn::LogisticSums At(const Eigen::VectorXd& beta, double intercept) override {
    return sums_at_(beta, intercept);
  }
  void AddGram(const Eigen::VectorXd& beta, double intercept, learn::LogisticSums& sums) override {
    sums.gram_lower = sums_at_(beta, intercept).gram_lower;
  }

 private:
  const SumsOfParts& sums_at_;
  double positive_, negative_;
};

}  // namespace

data::ColumnRoles LogisticPartsRoles(const TrainOptions& options,
                                     const std::vector<std::string>& header) {
  if (options.method != "logistic") {
    throw std::invalid_argument("a fit over parts takes --method logistic only, not '" +
                                options.method + "'");
  }
  if (!options.constraint.empty()) {
    throw std::invalid_argument("--method logistic takes no --constraint");
  }
  if (options.sensitive.empty()) throw std::invalid_argument("train needs --sensitive");
  return TrainColumnRoles(options, options.data, header);
}

tinyfair::Model LogisticPartsModel(const TrainOptions& options,
                                   const std::vector<std::string>& header,
                                   const data::ColumnSummaries& columns) {
  const data::ColumnRoles roles = LogisticPartsRoles(options, header);
  tinyfair::Model model;
  model.set_model_id(TrainedModelId(options));
  for (auto& input : columns.Inputs(options.data, roles)) *model.add_inputs() = std::move(input);
  NoteMissingValues(columns, model);
  data::FormGroups(options.sensitive, options.unknown_group, model);
  return model;
}

std::vector<double> GroupLabelCounts(const tinyfair::Model& model, const TrainOptions& options,
                                     const data::ColumnTable& part) {
  const std::vector<int> labels = PartLabels(part, options.label);
  const data::InputEncoder encoder(model.inputs(), part);
  const data::GroupIndex groups(model, encoder);
  std::vector<double> counts(2 * model.dimensions().group_count(), 0.0);
  for (size_t r = 0; r < labels.size(); ++r) {
    counts[2 * groups.rows()[r] + static_cast<size_t>(labels[r])] += 1.0;
  }
  return counts;
}

std::vector<double> LogisticPartsCellWeights(const TrainOptions& options, bool reweigh,
                                             const std::vector<double>& counts) {
  double positives = 0.0, rows = 0.0;
  for (size_t c = 0; c < counts.size(); ++c) {
    rows += counts[c];
    if (c % 2 == 1) positives += counts[c];
  }
  if (positives == 0.0 || positives == rows) {
    const size_t n = static_cast<size_t>(rows);
    throw common::DataError(options.data, 0, 0,
                            "column '" + options.label.label + "' has no " +
                                (positives == 0.0 ? "positive" : "negative") + " label in its " +
                                std::to_string(n) + (n == 1 ? " row" : " rows") +
                                "; training needs rows of both labels");
  }
  if (!reweigh) return std::vector<double>(counts.size(), 1.0);
  return preprocessing::KamiranCaldersCellWeights(counts);
}

learn::LogisticSums PartLogisticSums(const tinyfair::Model& model, const TrainOptions& options,
                                     const data::ColumnTable& part,
                                     const std::vector<double>& cell_weights,
                                     const Eigen::VectorXd& beta, double intercept) {
  const std::vector<int> labels = PartLabels(part, options.label);
  const data::InputEncoder encoder(model.inputs(), part);
  const data::Dataset data = data::BuildDataset(model, encoder, UsedInputs(options, model), labels);
  if (cell_weights.size() != 2 * model.dimensions().group_count()) {
    throw std::invalid_argument("one weight per (group, label) cell is needed");
  }
  Eigen::VectorXd weights(data.labels.size());
  for (Eigen::Index i = 0; i < weights.size(); ++i) {
    weights(i) = cell_weights[2 * data.groups.rows()[static_cast<size_t>(i)] +
                              static_cast<size_t>(data.labels(i))];
  }
  return learn::SumLogistic(data.design, data.labels, weights, beta, intercept, true, true);
}

std::string FitLogisticOverParts(const TrainOptions& options, bool reweigh,
                                 const std::vector<double>& counts,
                                 const std::vector<double>& cell_weights,
                                 const SumsOfParts& sums_at, tinyfair::Model& model) {
  if (counts.size() != cell_weights.size()) {
    throw std::invalid_argument("one weight per (group, label) cell is needed");
  }
  double positive = 0.0, negative = 0.0, rows = 0.0;
  for (size_t c = 0; c < counts.size(); ++c) {
    (c % 2 == 1 ? positive : negative) += counts[c] * cell_weights[c];
    rows += counts[c];
  }
  const data::CsvTable header = [&] {
    std::vector<std::string> names;
    for (const auto& input : model.inputs()) names.push_back(input.name());
    return HeaderOnly(options, names);
  }();
  const data::InputEncoder encoder(model.inputs(), header);
  const std::vector<bool> use = UsedInputs(options, model);
  const size_t columns = encoder.DesignWidth(use);
  if (columns == 0) {
    Note(
        "train: WARNING: no feature to learn from (every input is sensitive or left out): the "
        "model decides from its intercept alone");
  }
  const learn::LogisticOptions logistic = LogisticOptionsOf(options);
  NoteLogisticStart(static_cast<size_t>(rows), columns, options.l2, reweigh);
  PartsSource source(sums_at, positive, negative);
  const learn::LogisticFit fit = learn::FitLogisticFromSums(
      source, static_cast<Eigen::Index>(columns), logistic, LogisticProgressOnTerminal());
  return FinishLogisticFit(options, reweigh, logistic, fit, encoder, use, model);
}

}  // namespace tinyfair::host::fit
