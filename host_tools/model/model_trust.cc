// The runtime itself decides: the host never verifies a signature by other
// code than the device's.
#include "host_tools/model/model_trust.h"

#include <memory>
#include <stdexcept>

#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_signature.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {

std::string CheckModelTrust(const std::string& bytes, const std::string& name,
                            const TrustRequirement& requirement) {
  runtime::LoadOptions options;
  if (requirement.public_key) options.public_key = requirement.public_key->data();
  options.minimum_model_version = requirement.minimum_model_version;
  auto device_model = std::make_unique<runtime::Model>();
  const runtime::Status status =
      device_model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), options);
  if (!runtime::IsOk(status)) {
    throw std::runtime_error(name +
                             ": the runtime refuses this model: " + runtime::StatusName(status));
  }
  if (!IsSignedModelFile(bytes)) return "unsigned";
  return "signed by key " + KeyIdText(ReadSignedModel(bytes).key_id);
}

}  // namespace tinyfair::host::model
