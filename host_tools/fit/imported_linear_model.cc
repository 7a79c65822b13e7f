#include "host_tools/fit/imported_linear_model.h"

#include "host_tools/data/input_encoder.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/simulate/decision_runner.h"
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

}  // namespace

DecidedRates RuntimeDecidedRates(const tinyfair::Model& model, const data::ColumnTable& rows) {
  const data::InputEncoder encoder(model.inputs(), rows);
  const auto runtime_model = simulate::LoadIntoRuntime(model);
  // A threshold rule decides with probability 0 or 1: the expected rate is
  // the share of rows decided positive.
  simulate::ExpectedPositiveRateSums sums(model.dimensions().group_count());
  sums.Add(simulate::DecideRows(*runtime_model, encoder, 1, 0));
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

}  // namespace tinyfair::host::fit
