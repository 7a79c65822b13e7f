#include "host_tools/model/model_keys.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/model/key_file_text.h"

namespace tinyfair::host::model {
namespace {

std::runtime_error WriteError(const std::string& path, int error) {
  return std::runtime_error(path + ": cannot write: " + std::strerror(error));
}

// The seed goes to a temporary file created 0600 (mkstemps), so it is never
// readable by others, not even for a moment; then into place by link(),
// which fails when the file exists, or by rename() when it may be replaced.
void WritePrivateKeyFile(const std::string& path, const std::string& text, bool overwrite) {
  std::string temporary = path + ".XXXXXX.tmp";
  const int fd = mkstemps(temporary.data(), 4);
  if (fd < 0) throw WriteError(path, errno);
  int error = 0;
  if (write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()) || fsync(fd) != 0) {
    error = errno;
  }
  if (close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    unlink(temporary.c_str());
    throw WriteError(path, error);
  }
  const bool placed = overwrite ? std::rename(temporary.c_str(), path.c_str()) == 0
                                : link(temporary.c_str(), path.c_str()) == 0;
  const int place_errno = errno;
  unlink(temporary.c_str());  // after a rename, nothing is left to remove
  if (!placed) {
    if (place_errno == EEXIST) {
      throw common::DataError(path, 0, 0, "exists; pass --force to replace the key");
    }
    throw WriteError(path, place_errno);
  }
}

bool Exists(const std::string& path) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0;
}

}  // namespace

std::string PublicKeyPath(const std::string& private_path) { return private_path + ".pub"; }

void WriteKeyPair(const std::string& private_path, const SigningKey& key, bool overwrite) {
  const std::string public_path = PublicKeyPath(private_path);
  if (!overwrite) {
    for (const std::string& path : {private_path, public_path}) {
      if (Exists(path)) {
        throw common::DataError(path, 0, 0, "exists; pass --force to replace the key");
      }
    }
  }
  WritePrivateKeyFile(private_path, KeyFileText(KeyKind::kPrivate, key.seed), overwrite);
  common::WriteFileAtomically(public_path, KeyFileText(KeyKind::kPublic, key.public_key));
}

SigningKey ReadSigningKeyFile(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    throw common::DataError(path, 0, 0,
                            std::string("cannot read the private key: ") + std::strerror(errno));
  }
  if (!S_ISREG(status.st_mode)) throw common::DataError(path, 0, 0, "not a private key file");
  // The kind first: a public key file given here is named as such, whatever
  // its mode.
  const std::array<uint8_t, 32> seed =
      ParseKeyFileText(common::ReadFileAtMost(path, KeyFileMaxBytes(), "a private key file"), path,
                       KeyKind::kPrivate);
  // As ssh does: a secret others can read is no longer only the owner's.
  if ((status.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    throw common::DataError(
        path, 0, 0,
        common::FormatText("the private key may be read by others (mode %04o); chmod 600 it, "
                           "and make a new key if others did read it",
                           static_cast<unsigned>(status.st_mode & 07777U)));
  }
  return SigningKeyFromSeed(seed);
}

std::string KeyIdText(uint64_t key_id) {
  return common::FormatText("%016llx", static_cast<unsigned long long>(key_id));
}

}  // namespace tinyfair::host::model
