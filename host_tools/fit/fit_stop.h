// How an iterative fit that is not an exponentiated-gradient game ended
// (Newton, L-BFGS, the noisy-group descent-ascent, the max-entropy solver),
// said the same way for each: why it stopped, after how many iterations,
// and its final measure against the bound it must meet. The reductions say
// the same with their own measures (host::EgConvergence).
#pragma once

#include <string>

#include "host_tools/reductions/eg_convergence.h"

namespace tinyfair::host::fit {

struct FitStop {
  /// "gradient norm <= tolerance", "iteration limit", ...
  std::string stopped_by;
  int iterations = 0;
  /// Whether the solver reached its stopping rule (not only its limit).
  bool converged = false;
  /// The method runs a fixed number of iterations and has no stopping rule
  /// (the noisy-group descent-ascent): only its measure against its bound
  /// says whether it met it.
  bool fixed_iterations = false;
  /// The final measure, e.g. "gradient norm" or "own max violation", its
  /// value, and the bound it must be at most, with that bound's name (may
  /// be empty).
  std::string measure;
  double value = 0.0;
  std::string bound_name;
  double bound = 0.0;
  /// Anything else worth one phrase (may be empty).
  std::string detail;

  bool Met() const { return value <= bound; }
  /// What `--strict` accepts.
  bool Accepted() const { return (fixed_iterations || converged) && Met(); }
  /// "stopped by R after N iterations (converged); M V <= B-name B[; detail]".
  std::string Summary() const;
};

/// Notes how the fit ended, warns when it did not converge or is above its
/// bound and, with `strict`, throws FitNotAccepted (exit 3, nothing
/// written) instead. `command` prefixes the lines ("train", "debias-data").
void ReportFitStop(const std::string& command, const std::string& method, const FitStop& stop,
                   bool strict);

/// Notes how an exponentiated-gradient fit ended ("train: METHOD: ...")
/// and, with `strict`, throws FitNotAccepted unless it converged within its
/// guarantee.
void ReportConvergence(const std::string& method, const reductions::EgConvergence& convergence,
                       bool strict);

}  // namespace tinyfair::host::fit
