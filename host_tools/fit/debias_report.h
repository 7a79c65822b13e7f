// What `tinyfair debias-data` reports about a fit and one sample drawn from
// it: the exact rates of each distribution, the sample's, the distances;
// and the learned parameters with the schema, for the parameters file.
#pragma once

#include "host_tools/common/json_writer.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/fit/debias.h"

namespace tinyfair::host::fit {

/// The report of `fit` and `sample`. The KL divergences compare with
/// `kl_reference` binned with the fit's schema; nullptr: the fitted data.
/// @throws common::DataError for a value of kl_reference outside the schema.
common::JsonObject MaxentReport(const MaxentFit& fit, const MaxentSample& sample,
                                const data::CsvTable* kl_reference);

/// The learned parameters: schema, theta, lambda, the tilted distribution's
/// block probabilities, how the solve ended and the sample's seed and size.
common::JsonObject MaxentParams(const MaxentFit& fit, const MaxentSample& sample);

}  // namespace tinyfair::host::fit
