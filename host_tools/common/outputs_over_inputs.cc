#include "host_tools/common/outputs_over_inputs.h"

#include <sys/stat.h>

#include <optional>
#include <tuple>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::common {
namespace {

// What a path names: the file (device, inode) when it exists, else the
// folder it would be created in and its name there.
using FileIdentity = std::tuple<dev_t, ino_t, std::string>;

std::optional<FileIdentity> IdentityOf(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0) return FileIdentity{status.st_dev, status.st_ino, ""};
  const size_t slash = path.find_last_of('/');
  const std::string folder =
      slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (::stat(folder.c_str(), &status) != 0) return std::nullopt;  // the write will say why
  return FileIdentity{status.st_dev, status.st_ino, name};
}

[[noreturn]] void Refuse(const NamedFile& output, const NamedFile& other, const char* role) {
  throw DataError(output.path, 0, 0,
                  "the output " + output.option + " is the same file as the " + role + " " +
                      other.option + " (" + other.path + "); nothing written");
}

}  // namespace

void RefuseOutputsOverInputs(const std::vector<NamedFile>& inputs,
                             const std::vector<NamedFile>& outputs) {
  std::vector<std::pair<FileIdentity, const NamedFile*>> seen_outputs;
  for (const NamedFile& output : outputs) {
    if (output.path.empty()) continue;
    const std::optional<FileIdentity> identity = IdentityOf(output.path);
    if (!identity) continue;
    for (const NamedFile& input : inputs) {
      if (input.path.empty()) continue;
      if (IdentityOf(input.path) == identity) Refuse(output, input, "input");
    }
    for (const auto& [other_identity, other] : seen_outputs) {
      if (other_identity == *identity) Refuse(output, *other, "output");
    }
    seen_outputs.emplace_back(*identity, &output);
  }
}

}  // namespace tinyfair::host::common
