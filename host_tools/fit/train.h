// What `tinyfair train` does between reading the CSV and writing the
// model, for every front end: encode the inputs, form the groups, fit with
// one of the methods (train_method.h) and finish the model with its
// reference rates and provenance.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/train_method.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The method `options` names among `methods`, with options.constraint set
/// to its default when empty.
/// @throws std::invalid_argument without a sensitive column, for a method
///         not among `methods` or a constraint the method does not take.
const TrainMethod& ChooseTrainMethod(const std::vector<TrainMethod>& methods,
                                     TrainOptions& options);

/// The id of the model `options` trains: options.id as given, or the
/// method's name with its constraint ("reduction-eodds") cut to fit by
/// model::FittedModelId.
/// @throws std::invalid_argument for a given id longer than the device holds.
std::string TrainedModelId(const TrainOptions& options);

/// The roles of the columns the options give (--features leaves the other
/// columns out); `columns` are the names of the columns of the data `path`
/// names.
/// @throws DataError naming a listed column the data does not have.
host::data::ColumnRoles TrainColumnRoles(const TrainOptions& options, const std::string& path,
                                         const std::vector<std::string>& columns);

/// Fits a model on `table` (a file's table converts with
/// data::ColumnTableFromCsv) with the method options.method names; the
/// method's own options are those bound through its add_options. Notes go
/// to the note sink (fit_notes.h).
/// @throws common::DataError for data it cannot train on,
///         std::invalid_argument for options that do not go together,
///         FitNotAccepted for a fit options.strict refuses.
tinyfair::Model Train(TrainOptions options, const data::ColumnTable& table,
                      const std::vector<TrainMethod>& methods);

}  // namespace tinyfair::host::fit
