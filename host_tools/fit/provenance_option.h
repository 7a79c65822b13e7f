// --provenance, the option of every command that writes a model from data
// (train, postprocess): what the model records of the data files it was
// fitted on (model/provenance.h). Bound once, so that each command and the
// Python fits say the same, check the same and share the default.
#pragma once

#include <string>

#include "host_tools/fit/option_binder.h"

namespace tinyfair::host::fit {

/// Binds "provenance" to `detail` (names | full | none; its value now is
/// the default, model::kProvenanceDetailNames[0]).
void AddProvenanceOption(OptionBinder& options, std::string* detail);

}  // namespace tinyfair::host::fit
