// With a validation sample, postprocess selects the ramp on it: the grid
// point SelectOnValidation picks from the device's decisions there, judged
// against the input model's own decisions.
#pragma once

#include "host_tools/data/column_table.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/fit/ramp_fitter.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The selected ramp of the grid of o.selection, each fit set on `scorer`
/// and decided by the runtime on `validation`; notes the selection and the
/// input model's accuracy and gap there.
/// @throws FitNotAccepted when o.strict and the selection is not fairer
///         than asked or than the input model (selection_check.h).
RampFit SelectRampOnValidation(const PostprocessOptions& o, const RampFitter& fitter,
                               const tinyfair::Model& scorer, const data::ColumnTable& validation);

}  // namespace tinyfair::host::fit
