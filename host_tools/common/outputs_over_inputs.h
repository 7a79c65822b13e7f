// An output never replaces an input: a command names the files it reads and
// the files it writes, and one check refuses the run before anything is
// written when an output is an input under another name.
#pragma once

#include <string>
#include <vector>

namespace tinyfair::host::common {

/// A file a command reads or writes, and how the command line named it.
struct NamedFile {
  std::string option;  // e.g. "--data", "--sign", "--out-dir (train.csv)"
  std::string path;    // empty: the option was not given
};

/// Throws DataError (bad input, nothing written) naming both paths when an
/// output is the same file as an input (device and inode, through symbolic
/// and hard links and any spelling of the path) or as another output (two
/// outputs that would be one file, existing or not).
void RefuseOutputsOverInputs(const std::vector<NamedFile>& inputs,
                             const std::vector<NamedFile>& outputs);

}  // namespace tinyfair::host::common
