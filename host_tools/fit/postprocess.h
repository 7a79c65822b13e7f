// What `tinyfair postprocess` does between reading its files and writing
// the model, for every front end: make a scorer's decisions fair without
// retraining. The scorer is a model, or any black-box model's scores in a
// column of the fitting data; the rule is fitted on the scores the device
// itself computes.
#pragma once

#include <functional>
#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/fit/ramp_fitter.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// Refuses a parameter outside its range or choices (fit/parameter_ranges.h),
/// for a front end that checks them before it fits anything else.
/// @throws std::invalid_argument naming the parameter
void CheckPostprocessParameters(const PostprocessOptions& options);

/// Refuses options that do not go together before any data is read (and
/// every parameter, as CheckPostprocessParameters).
/// @throws std::invalid_argument
void CheckPostprocessOptions(const PostprocessOptions& options, bool with_validation);

/// Fits the fair rule on `fitting` and returns the finished model (rule,
/// id, reference rates as the device decides on `fitting`, provenance).
/// `validation`: selects the ramp's width and target on it (rto), named
/// options.validation in messages; nullptr: none. `scorer`: the model whose
/// scores are post-processed; nullptr: options.score_column. `chosen`
/// (rto): set to the fitted ramp, its width and target the ones given or
/// selected on `validation`; nullptr: not wanted.
/// @throws common::DataError for data it cannot fit on,
///         std::invalid_argument for options that do not go together,
///         FitNotAccepted for a selection options.strict refuses.
tinyfair::Model Postprocess(const PostprocessOptions& options, const data::CsvTable& fitting,
                            const data::CsvTable* validation, const tinyfair::Model* scorer,
                            RampFit* chosen = nullptr);

/// The validation data, given when the fit first needs it (only rto with a
/// selection reads it, after the fitting sample's notes); empty: none.
using ValidationSource = std::function<const data::ColumnTable&()>;

/// As above, the validation data read from `validation` when needed: the
/// command reads its file there, so that its messages keep their order and
/// a method that selects nothing never reads it.
tinyfair::Model Postprocess(const PostprocessOptions& options, const data::CsvTable& fitting,
                            const ValidationSource& validation, const tinyfair::Model* scorer,
                            RampFit* chosen = nullptr);

/// The same on typed tables (numbers from a front end, never as text).
tinyfair::Model Postprocess(const PostprocessOptions& options, const data::ColumnTable& fitting,
                            const data::ColumnTable* validation, const tinyfair::Model* scorer,
                            RampFit* chosen = nullptr);

/// The ramp (rto) fitted from per-group score histograms, the CSV at `path`
/// read a block of rows at a time (twice: to fit, then for the reference
/// rates) and never held whole; progress on a terminal. Needs a scorer
/// model; takes no validation, covariance or score column.
/// Refuses what PostprocessStreamed refuses, before anything is read.
/// @throws std::invalid_argument
void CheckStreamedPostprocessOptions(const PostprocessOptions& options, bool with_scorer);

tinyfair::Model PostprocessStreamed(const PostprocessOptions& options,
                                    const tinyfair::Model* scorer, const std::string& path);

}  // namespace tinyfair::host::fit
