// The fitted ramp set on the scoring model, reported with the rates the
// device decides at, and the model finished.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "host_tools/fit/postprocess_options.h"
#include "host_tools/fit/ramp_fitter.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// `how`: the solver as the provenance names it; `rows` and `seconds`: the
/// fit's size and time, for the note; `rates_of`: the reference rates of
/// the model with its rule set (float thresholds, as the device decides).
void FinishRampModel(const PostprocessOptions& o, const RampFit& fit, const std::string& how,
                     size_t rows, double seconds,
                     const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
                     tinyfair::Model& model);

}  // namespace tinyfair::host::fit
