#include "host_tools/fit/provenance_option.h"

#include <iterator>
#include <vector>

#include "host_tools/model/provenance.h"

namespace tinyfair::host::fit {

void AddProvenanceOption(OptionBinder& options, std::string* detail) {
  options.Text(
      "provenance", detail,
      "What the model records of the data files it is fitted on: names (each file's "
      "base name and the first 16 hex digits of its SHA-256, no folder of the host; the "
      "default), full (the paths as given, with the hash) or none (no provenance at "
      "all); export keeps it as the fit decided",
      OptionCheck::Choices(std::vector<std::string>(std::begin(model::kProvenanceDetailNames),
                                                    std::end(model::kProvenanceDetailNames))));
}

}  // namespace tinyfair::host::fit
