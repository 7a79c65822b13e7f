#include "host_tools/fit/scoring_model.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/model/score_model.h"

namespace tinyfair::host::fit {
namespace {

// The names of the inputs that form the model's groups.
std::vector<std::string> GroupAttributes(const tinyfair::Model& model) {
  std::vector<std::string> names;
  for (uint32_t index : model.groups().attribute_inputs())
    names.push_back(model.inputs(index).name());
  return names;
}

}  // namespace

tinyfair::Model ScoringModel(const PostprocessOptions& o, const tinyfair::Model& scorer) {
  return ScoringModel(o, data::ColumnTable{}, &scorer);
}

tinyfair::Model ScoringModel(const PostprocessOptions& o, const data::ColumnTable& table,
                             const tinyfair::Model* scorer) {
  tinyfair::Model model;
  std::vector<std::string> attributes = o.sensitive;
  if (scorer == nullptr) {
    if (o.score_column.empty() || o.sensitive.empty()) {
      throw std::invalid_argument("without --model, give --score-column and --sensitive");
    }
    std::vector<std::string> categorical = o.sensitive;
    categorical.insert(categorical.end(), o.strata.begin(), o.strata.end());
    model =
        host::model::ScoreOnlyModel(table, o.score_column,
                                    o.score_kind == "margin" ? host::model::ScoreKind::kMargin
                                                             : host::model::ScoreKind::kProbability,
                                    categorical);
  } else {
    model = *scorer;
    if (attributes.empty()) attributes = GroupAttributes(model);
  }
  attributes.insert(attributes.end(), o.strata.begin(), o.strata.end());
  host::model::PrepareScoringModel(attributes, model);
  return model;
}

}  // namespace tinyfair::host::fit
