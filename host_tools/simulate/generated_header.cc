#include "host_tools/simulate/generated_header.h"

#include <stdexcept>

#include "codegen/input_names.h"
#include "codegen/model_header.h"
#include "codegen/model_tables.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/decision_runner.h"

namespace tinyfair::host::simulate {

tinyfair::Model AdmitDeviceBytes(const std::string& bytes, const std::string& source) {
  const tinyfair::Model model = model::AdmitModel(bytes, source);
  // A header holds the bytes a device loads: a sealed or signed file,
  // never the JSON text (tinyfair export seals it).
  if (model::IsModelJson(bytes)) {
    throw model::ModelFileError(source +
                                ": a model's JSON form, not the sealed model file that codegen "
                                "takes (tinyfair export writes it)");
  }
  return model;
}

std::string GeneratedHeader(const HeaderRequest& request, const std::string& bytes) {
  if (request.language != "c++" && request.language != "c") {
    throw std::invalid_argument("language '" + request.language + "': c++ or c");
  }
  const bool c = request.language == "c";
  const tinyfair::Model model = AdmitDeviceBytes(bytes, request.source);
  if (!request.tables) {
    return c ? codegen::ModelBytesHeaderC(request.name, bytes, request.source)
             : codegen::ModelBytesHeader(request.name, bytes, request.source);
  }
  const auto loaded = LoadIntoRuntime(model);
  return c ? codegen::ModelTablesHeaderC(request.name, loaded->tables(), model.model_id(),
                                         request.source, codegen::InputNamesC(request.name, model))
           : codegen::ModelTablesHeader(request.name, loaded->tables(), model.model_id(),
                                        request.source,
                                        codegen::InputNamesCpp(request.name, model));
}

}  // namespace tinyfair::host::simulate
