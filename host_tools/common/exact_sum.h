// The sum of many doubles rounded once: partial sums kept without error
// (Shewchuk's "Adaptive Precision Floating-Point Arithmetic", 1997, as
// Python's math.fsum keeps them), so that the result does not depend on the
// order of the terms and equals the exact sum correctly rounded. Ours
// because neither the standard library nor a Debian C++ package offers a
// correctly rounded sum; the terms here are finite (non-finite ones are the
// caller's to refuse).
#pragma once

#include <vector>

namespace tinyfair::host::common {

class ExactSum {
 public:
  /// Adds a finite term.
  void Add(double term);
  /// The exact sum of the terms added, rounded to nearest (ties to even);
  /// 0 for none (also +0 where every term was a zero).
  double Value() const;

 private:
  // Non-overlapping partials, smallest magnitude first; their exact sum is
  // the exact sum of the terms.
  std::vector<double> partials_;
};

}  // namespace tinyfair::host::common
