// The logistic method's settings and its finish (notes, stop report,
// scorer, rule, provenance), shared by `train --method logistic` on a table
// in memory and the fit over a table's parts (train_logistic_parts.h).
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/learn/logistic_regression.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The Newton settings train's options give.
host::learn::LogisticOptions LogisticOptionsOf(const TrainOptions& options);

/// The note train writes before the fit.
void NoteLogisticStart(size_t rows, size_t features, double l2, bool reweigh);

/// The progress train shows on a terminal (nothing when not on one).
host::learn::LogisticProgress LogisticProgressOnTerminal();

/// Notes and reports how the fit stopped (refusing it under --strict),
/// writes its coefficients into the model's scorer through `encoder` and
/// the rule (positive iff p >= 0.5 in every group); returns the provenance.
/// @throws FitNotAccepted for a fit options.strict refuses.
std::string FinishLogisticFit(const TrainOptions& options, bool reweigh,
                              const host::learn::LogisticOptions& logistic,
                              const host::learn::LogisticFit& fit,
                              const host::data::InputEncoder& encoder, const std::vector<bool>& use,
                              tinyfair::Model& model);

}  // namespace tinyfair::host::fit
