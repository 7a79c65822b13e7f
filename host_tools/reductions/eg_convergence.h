// How an exponentiated-gradient fit ended, said the same way for the
// classification reduction and both fair-regression reductions: why it
// stopped, its duality gap against nu, and its training violation against
// epsilon and against the theorem's guarantee. A fit that stops at its
// iteration limit carries no guarantee; the report says so instead of
// passing it off as converged.
#pragma once

#include <string>

namespace tinyfair::host::reductions {

struct EgConvergence {
  /// The returned iterate's duality gap is at most nu, so the theorem's
  /// guarantee holds for it. The game may still have run to its iteration
  /// limit: the stopping rule looks at the current iterate only, and an
  /// earlier one can be the best.
  bool converged = false;
  /// Why the game stopped: "duality gap <= nu" (the stopping rule),
  /// "iteration limit" or "member limit".
  std::string stopped_by;
  int iterations = 0;
  /// The returned iterate's duality gap, and the tolerance nu.
  double gap = 0.0;
  double nu = 0.0;
  /// The returned mixture's training violation on its worst constraint, and
  /// the epsilon that constraint allows.
  double violation = 0.0;
  double epsilon = 0.0;
  /// The theorem's bound on the violation once gap <= nu (epsilon plus a
  /// term in 1 / B).
  double guarantee = 0.0;
  /// What `violation` and `epsilon` are called in the summary.
  std::string measure = "training violation";
  std::string allowed = "epsilon";

  /// Converged and within the guarantee: what `train --strict` accepts.
  bool Accepted() const { return converged && violation <= guarantee; }
  /// One line: "stopped by ... after N iterations; best duality gap G <= nu
  /// ... (converged); training violation V <= epsilon E (...)".
  std::string Summary() const;
};

}  // namespace tinyfair::host::reductions
