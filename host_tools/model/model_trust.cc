// The runtime itself decides: the host never verifies a signature by other
// code than the device's.
#include "host_tools/model/model_trust.h"

#include <memory>
#include <stdexcept>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_refused.h"
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
    throw ModelRefused(name + ": ", runtime::StatusName(status));
  }
  if (!IsSignedModelFile(bytes)) return "unsigned";
  const std::string key_id = KeyIdText(ReadSignedModel(bytes).key_id);
  // Without a key, Load() checks the layout, not the signature: say so, never
  // "signed by" what nobody verified.
  if (!requirement.public_key) {
    return "carries a signature said to be of key " + key_id +
           ", NOT verified (no public key given; pass --public-key to verify it)";
  }
  return "signed by key " + key_id;
}

bool AsksForTrust(const TrustRequirement& requirement) {
  return requirement.public_key.has_value() || requirement.minimum_model_version > 0;
}

std::string CheckModelFileTrust(const std::string& bytes, const std::string& name,
                                const TrustRequirement& requirement) {
  if (IsModelJson(bytes)) {
    // JSON carries no signature; the device would receive it sealed, and
    // judges that file's version and (missing) signature.
    if (!AsksForTrust(requirement)) return "";
    tinyfair::Model model = ModelFromJson(bytes, name);
    return CheckModelTrust(SealModel(model), name, requirement);
  }
  if (!AsksForTrust(requirement) && !IsSignedModelFile(bytes)) return "";
  return CheckModelTrust(bytes, name, requirement);
}

std::string ReadTrustedModelBytes(const std::string& path, const TrustRequirement& requirement,
                                  std::string* trust) {
  std::string bytes = ReadModelFileBytes(path);
  const std::string answer = CheckModelFileTrust(bytes, path, requirement);
  if (trust != nullptr) *trust = answer;
  return bytes;
}

tinyfair::Model ReadTrustedModel(const std::string& path, const TrustRequirement& requirement,
                                 std::string* trust) {
  return ParseModelBytes(ReadTrustedModelBytes(path, requirement, trust), path);
}

}  // namespace tinyfair::host::model
