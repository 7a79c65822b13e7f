// One definition of the trust flags, so that every command refuses a model
// with the same status name and exit status as `inspect`.
#include "host_tools/cli/trust_options.h"

#include <stdexcept>

#include "host_tools/cli/cli_common.h"
#include "host_tools/model/public_key_file.h"

namespace tinyfair::cli {

void AddTrustOptions(Command& command, TrustFlags& flags) {
  command
      .Option("--public-key", &flags.public_key,
              "Public key file (tinyfair keygen's .pub): refuse the model unless it is "
              "signed by this key (unsigned_model, bad_signature)")
      .ExistingFile();
  command.Option("--minimum-version", &flags.minimum_version,
                 "Refuse a model whose model_version is lower (rolled_back)");
}

void RefuseTrustWithoutModel(const TrustFlags& flags, const std::string& model) {
  if (model.empty() && (!flags.public_key.empty() || flags.minimum_version > 0)) {
    throw std::invalid_argument(
        "--public-key and --minimum-version check the --model file: give --model");
  }
}

host::model::TrustRequirement TrustRequired(const TrustFlags& flags) {
  host::model::TrustRequirement requirement;
  if (!flags.public_key.empty()) {
    requirement.public_key = host::model::ReadPublicKeyFile(flags.public_key);
  }
  requirement.minimum_model_version = flags.minimum_version;
  return requirement;
}

std::string ReadModelBytesTrusted(const std::string& command, const std::string& path,
                                  const TrustFlags& flags) {
  const host::model::TrustRequirement requirement = TrustRequired(flags);
  std::string trust;
  std::string bytes = host::model::ReadTrustedModelBytes(path, requirement, &trust);
  if (host::model::AsksForTrust(requirement)) Note(command + ": " + path + ": " + trust);
  return bytes;
}

tinyfair::Model ReadModelTrusted(const std::string& command, const std::string& path,
                                 const TrustFlags& flags) {
  const host::model::TrustRequirement requirement = TrustRequired(flags);
  std::string trust;
  tinyfair::Model model = host::model::ReadTrustedModel(path, requirement, &trust);
  if (host::model::AsksForTrust(requirement)) Note(command + ": " + path + ": " + trust);
  return model;
}

}  // namespace tinyfair::cli
