// train --method logistic over a table given in parts (a Dask frame's
// partitions): each step summarises every part where it lies and merges the
// summaries in part order, so that the fit is the one `train` makes on the
// concatenated rows, whatever the parts.
//
// The passes: column summaries (data::ColumnSummaries) for the inputs; the
// rows per (group, label) cell for the class weights and --reweigh; then
// per point the Newton driver evaluates, the parts' LogisticSums (one pass
// per Newton step, one more per step halving, one at the start).
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/data/column_summaries.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/learn/logistic_sums.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The columns' roles the options give for a table of this header.
/// @throws std::invalid_argument for options the fit over parts does not
///         take (a method other than logistic).
data::ColumnRoles LogisticPartsRoles(const TrainOptions& options,
                                     const std::vector<std::string>& header);

/// The model's id, inputs and groups from the merged column summaries of
/// every part, with train's notes on missing values.
/// @throws common::DataError as train refuses the columns.
tinyfair::Model LogisticPartsModel(const TrainOptions& options,
                                   const std::vector<std::string>& header,
                                   const data::ColumnSummaries& columns);

/// A part's rows per (group, label) cell, label 0 then 1 for each group.
/// @throws common::DataError for a missing label or one that is not 0/1
///         (without positive values).
std::vector<double> GroupLabelCounts(const tinyfair::Model& model, const TrainOptions& options,
                                     const data::ColumnTable& part);

/// The weight of each (group, label) cell's rows: Kamiran-Calders weights
/// with `reweigh`, else ones. Refuses labels of one class as train does.
/// @throws common::DataError when no row holds a positive (or negative)
///         label; std::invalid_argument when reweighing cannot.
std::vector<double> LogisticPartsCellWeights(const TrainOptions& options, bool reweigh,
                                             const std::vector<double>& counts);

/// A part's sums at (beta, intercept), its rows weighted by their cell's
/// weight, with the intercept and the Gram matrix.
learn::LogisticSums PartLogisticSums(const tinyfair::Model& model, const TrainOptions& options,
                                     const data::ColumnTable& part,
                                     const std::vector<double>& cell_weights,
                                     const Eigen::VectorXd& beta, double intercept);

/// The merged sums of every part at a point.
using SumsOfParts =
    std::function<learn::LogisticSums(const Eigen::VectorXd& beta, double intercept)>;

/// The Newton fit on the parts' sums, finished as train finishes the
/// logistic method (notes, stop report, scorer, rule); returns the
/// provenance. The model still needs its reference rates (FinishModel).
/// @throws FitNotAccepted for a fit options.strict refuses.
std::string FitLogisticOverParts(const TrainOptions& options, bool reweigh,
                                 const std::vector<double>& counts,
                                 const std::vector<double>& cell_weights,
                                 const SumsOfParts& sums_at, tinyfair::Model& model);

}  // namespace tinyfair::host::fit
