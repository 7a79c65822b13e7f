// Hardt et al. (demographic parity or equalized odds), reject option
// classification or shift inference: fitted through the post-processor
// registry, with reference rates as the device decides on the fitting data.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/postprocessing/small_groups.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// Sets the fitted rule on the scoring `model`, notes it per group and
/// finishes the model.
void PostprocessWithRegistry(const PostprocessOptions& o, const data::ColumnTable& table,
                             const data::ScoredSample& fitting,
                             const postprocessing::FittingGroups& plan, tinyfair::Model& model);

/// Sets `fit`'s rule on the scoring `model`, notes it per group with the
/// rates `rates_of` gives for the model with its rule (the device's on the
/// fitting data) and finishes the model; `fitted_as` (the method, and how
/// it was fitted) goes into the provenance.
void FinishWithFittedRule(
    const PostprocessOptions& o, const postprocessing::PostprocessorFit& fit,
    const postprocessing::FittingGroups& plan, const std::string& fitted_as,
    const std::function<std::vector<double>(const tinyfair::Model&)>& rates_of,
    tinyfair::Model& model);

}  // namespace tinyfair::host::fit
