// With a validation sample, postprocess selects the ramp on it: the most
// accurate (gamma, rho) of the grid whose parity gap there is within the
// target, judged against the input model's own decisions.
#pragma once

#include <cstddef>

#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/fit/ramp_fitter.h"

namespace tinyfair::host::fit {

/// The selected ramp; notes the selection and the input model's accuracy
/// and gap on `validation` (scored by the device).
/// @throws FitNotAccepted when o.strict and the selection is not fairer
///         than asked or than the input model (selection_check.h).
RampFit SelectRampOnValidation(const PostprocessOptions& o, const RampFitter& fitter,
                               const data::ScoredSample& validation, size_t group_count);

}  // namespace tinyfair::host::fit
