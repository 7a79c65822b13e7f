// The runtime itself decides: the host never verifies a signature by other
// code than the device's.
#include "host_tools/model/model_trust.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_signature.h"
#include "host_tools/model/rule_writers.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {

std::string CheckModelTrust(const std::string& bytes, const std::string& name,
                            const TrustRequirement& requirement) {
  runtime::LoadOptions options;
  if (requirement.public_key) options.public_key = requirement.public_key->data();
  options.minimum_model_version = requirement.minimum_model_version;
  auto device_model = std::make_unique<runtime::ModelWithStorage<>>();
  device_model->AcceptIntegerModels();  // the host reads integer models too
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

namespace {

// Load()'s verdict on a model that is not sealed (the JSON mapping, a
// pickled fit): the sealed file `export` would make of it, named `name`.
void CheckSealedCopy(const tinyfair::Model& model, const std::string& name) {
  tinyfair::Model copy = model;
  try {
    SealModel(copy);
  } catch (const ModelRefused& refused) {
    throw ModelRefused(name + ": ", refused.status());
  }
}

// A fit's intermediate model, as the Dask fits send it to their workers:
// the design (inputs and groups) before the fit adds the scorer and the
// rule, or the fitted model before its reference rates. Load() judges it
// with each part a fit adds later, where absent, as a placeholder (a zero
// scorer, a ramp at 0, rates of 0), so that everything it states is judged
// and nothing it states is changed; counts beyond the runtime's capacities
// get no placeholder, and Load() refuses them.
tinyfair::Model WithPlaceholders(tinyfair::Model model) {
  uint64_t categories = 0;
  for (const auto& input : model.inputs()) categories += input.category_count();
  if (!model.has_scorer() && static_cast<size_t>(model.inputs_size()) <= runtime::kMaxInputs &&
      categories <= runtime::kMaxCategories) {
    auto* scorer = model.mutable_scorer();
    for (int i = 0; i < model.inputs_size(); ++i) scorer->add_weights(0.0f);
    for (uint64_t k = 0; k < categories; ++k) scorer->add_category_weights(0.0f);
  }
  const uint32_t groups = model.dimensions().group_count();
  if (groups <= runtime::kMaxGroups) {
    if (model.rule_case() == tinyfair::Model::RULE_NOT_SET) {
      SetRampRule(std::vector<double>(groups, 0.0), 1.0, model);
    }
    if (model.reference_positive_rate_size() == 0) {
      for (uint32_t g = 0; g < groups; ++g) model.add_reference_positive_rate(0.0f);
    }
  }
  return model;
}

}  // namespace

tinyfair::Model AdmitModel(const std::string& bytes, const std::string& name,
                           const TrustRequirement& requirement, std::string* trust) {
  // JSON text is parsed by the protobuf library, which reads any text
  // safely; nothing else reads the model before Load() has judged it.
  const bool json = IsModelJson(bytes);
  tinyfair::Model model;
  if (json) {
    model = ModelFromJson(bytes, name);
    CheckSealedCopy(model, name);
  }
  const std::string answer = CheckModelFileTrust(bytes, name, requirement);
  if (trust != nullptr) *trust = answer;
  return json ? model : ParseModelFile(bytes, name);  // Load() first, then the content hash
}

tinyfair::Model AdmitSerializedModel(const std::string& bytes, const std::string& name) {
  if (IsSealedModel(bytes)) return AdmitModel(bytes, name);
  tinyfair::Model model;
  if (!model.ParseFromString(bytes)) {
    throw ModelFileError(name + ": not a valid protobuf encoding of tinyfair.Model");
  }
  CheckSealedCopy(WithPlaceholders(model), name);
  return model;
}

tinyfair::Model ReadTrustedModel(const std::string& path, const TrustRequirement& requirement,
                                 std::string* trust) {
  return AdmitModel(ReadModelFileBytes(path), path, requirement, trust);
}

tinyfair::Model ReadModel(const std::string& path) { return ReadTrustedModel(path, {}); }

std::string ReadTrustedModelBytes(const std::string& path, const TrustRequirement& requirement,
                                  std::string* trust) {
  std::string bytes = ReadModelFileBytes(path);
  AdmitModel(bytes, path, requirement, trust);
  return bytes;
}

}  // namespace tinyfair::host::model
