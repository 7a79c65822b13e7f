#include "host_tools/model/finish_model.h"

#include <stdexcept>

#include "host_tools/common/file_io.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::host::model {

void FinishModel(const ModelFinish& finish, tinyfair::Model& model) {
  if (!finish.model_id.empty()) model.set_model_id(finish.model_id);
  if (!finish.reference_rates.empty()) {
    const size_t groups = model.dimensions().group_count();
    if (finish.reference_rates.size() != groups) {
      throw std::invalid_argument(
          "reference rates: " + std::to_string(finish.reference_rates.size()) + " for " +
          std::to_string(groups) + " groups");
    }
    model.clear_reference_positive_rate();
    for (const double rate : finish.reference_rates) {
      model.add_reference_positive_rate(static_cast<float>(rate));
    }
  }
  if (!finish.provenance.empty()) model.set_provenance(finish.provenance);
  model.set_provenance(ProvenanceFor(model.provenance(), finish.provenance_detail));
}

void FinishAndWriteModel(const ModelFinish& finish, const std::string& path,
                         tinyfair::Model& model) {
  FinishModel(finish, model);
  common::WriteFileAtomically(path, ModelToJson(model));
}

}  // namespace tinyfair::host::model
