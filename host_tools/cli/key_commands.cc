// tinyfair keygen: the Ed25519 key pair that signs models (docs/security.md,
// "Key handling").
#include <iostream>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/model/model_signature.h"

namespace tinyfair::cli {
namespace {

struct KeygenOptions {
  std::string out;
  bool force = false;
};

void Keygen(const KeygenOptions& o) {
  const host::model::SigningKey key = host::model::NewSigningKey();
  host::model::WriteKeyPair(o.out, key, o.force);
  // The id alone on stdout, for scripts; what was written on stderr.
  std::cout << host::model::KeyIdText(host::model::KeyId(key.public_key)) << "\n";
  Note("keygen: wrote " + o.out + " (private, mode 0600) and " + host::model::PublicKeyPath(o.out) +
       " (public)");
}

}  // namespace

void AddKeyCommands(CommandLine& command_line) {
  auto o = std::make_shared<KeygenOptions>();
  Command keygen = command_line.AddCommand(
      "keygen", "Make an Ed25519 key pair for export --sign and print its key id");
  keygen
      .Option("--out", &o->out,
              "Private key file (written mode 0600); the public key goes to <out>.pub")
      .Required();
  keygen.Flag("--force", &o->force, "Replace existing key files");
  keygen.Action([o] { Keygen(*o); });
}

}  // namespace tinyfair::cli
