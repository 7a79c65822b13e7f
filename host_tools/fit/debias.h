// What `tinyfair debias-data` does between reading its files and writing
// them, for every front end: learn the maximum-entropy distribution closest
// to the data that meets representation and statistical-rate targets
// (Celis, Keswani, Vishnoi, ICML 2020), then sample synthetic rows from it.
// Fitting and sampling are two steps, so that one fit gives many samples.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/fit/label_options.h"
#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_oracle.h"
#include "host_tools/preprocessing/maxent_prior.h"
#include "host_tools/preprocessing/maxent_schema.h"
#include "host_tools/preprocessing/maxent_solver.h"

namespace tinyfair::host::fit {

struct DebiasOptions {
  /// The data's name in messages and in the parameters file.
  std::string data;
  LabelOptions label;
  std::string protected_attribute, protected_zero;
  std::vector<std::string> categorical;
  /// "column=e1,e2,..." per bucketed numeric column.
  std::vector<std::string> bins;
  std::vector<std::string> ordinal;
  double tau = 1.0, prior_weight = 0.5, gradient_tolerance = 1e-10;
  std::string prior = "w", theta = "w", solver = "newton", sampler = "mixture";
  /// The sample the command draws (SampleMaxent's rows and seed); rows 0:
  /// as many as the data. FitMaxent does not read them.
  std::size_t rows = 0;
  uint64_t seed = 1;
  /// The solver's iteration cap (0: its default); strict refuses a dual
  /// that did not converge.
  int max_iterations = 0;
  bool strict = false;
};

/// The learned distribution and what the report and parameters need.
struct MaxentFit {
  MaxentFit(DebiasOptions fit_options, std::size_t rows,
            preprocessing::TableDiscretiser discretiser)
      : options(std::move(fit_options)), data_rows(rows), schema(std::move(discretiser)) {}

  DebiasOptions options;
  std::size_t data_rows = 0;
  preprocessing::TableDiscretiser schema;
  preprocessing::DomainData data;
  preprocessing::MaxentRoles roles;
  std::vector<double> reweighted, empirical;
  preprocessing::MixturePrior prior;
  Eigen::VectorXd theta;
  preprocessing::DualSolution solution;
  double solve_seconds = 0.0;

  /// The dual's oracle over this fit's domain and data (it refers to them:
  /// the fit must outlive it).
  preprocessing::DualOracle Oracle() const;
};

/// Synthetic rows drawn from a fit: the domain points and their cells.
struct MaxentSample {
  uint64_t seed = 0;
  std::vector<std::vector<int>> points;
  /// Header = the domain columns in the data's order, the label 0/1.
  data::CsvTable table;
};

/// Refuses options out of range or not among their choices before any data
/// is read.
/// @throws common::DataError naming the option.
void CheckDebiasOptions(const DebiasOptions& options);

/// Discretises `data` (the schema), forms the prior and the target
/// marginals and solves the dual. Notes go to the note sink (fit_notes.h).
/// @throws common::DataError for data it cannot fit or bad options,
///         FitNotAccepted for a dual options.strict refuses.
MaxentFit FitMaxent(const DebiasOptions& options, const data::ColumnTable& data);

/// `rows` points drawn with the sampler options.sampler names from PCG32
/// seeded with `seed` (0 rows: as many as the data), exactly the rows the
/// command writes for --rows and --seed.
MaxentSample SampleMaxent(const MaxentFit& fit, std::size_t rows, uint64_t seed);

/// The held-out `table` binned with the fit's schema, as the fit's cells.
/// @throws common::DataError naming line and column of a value outside it.
data::CsvTable DiscretiseLikeFit(const MaxentFit& fit, const data::CsvTable& table);

}  // namespace tinyfair::host::fit
