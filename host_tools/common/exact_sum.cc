#include "host_tools/common/exact_sum.h"

#include <cmath>
#include <utility>

namespace tinyfair::host::common {
namespace {

// a + b as the rounded sum and its exact rounding error (|a| >= |b|).
struct TwoSum {
  double sum;
  double error;
};

TwoSum FastTwoSum(double a, double b) {
  if (std::fabs(a) < std::fabs(b)) std::swap(a, b);
  const double sum = a + b;
  return {sum, b - (sum - a)};
}

}  // namespace

void ExactSum::Add(double term) {
  // Carry the term through every partial, keeping each non-zero error: the
  // partials stay non-overlapping and their exact sum grows by `term`.
  std::size_t kept = 0;
  for (const double partial : partials_) {
    const TwoSum step = FastTwoSum(term, partial);
    if (step.error != 0.0) partials_[kept++] = step.error;
    term = step.sum;
  }
  partials_.resize(kept);
  if (term != 0.0) partials_.push_back(term);
}

double ExactSum::Value() const {
  if (partials_.empty()) return 0.0;
  // Add the partials from the largest down until a step is inexact; the
  // rest can only decide a tie of that last rounding.
  std::size_t next = partials_.size() - 1;
  double sum = partials_[next];
  double error = 0.0;
  while (next > 0) {
    const TwoSum step = FastTwoSum(sum, partials_[--next]);
    sum = step.sum;
    error = step.error;
    if (error != 0.0) break;
  }
  // `sum` was rounded to even on an exact half of a unit in the last place;
  // a smaller partial of the same sign as that half says the exact sum lies
  // beyond it, so it rounds away.
  if (next > 0 &&
      ((error < 0.0 && partials_[next - 1] < 0.0) || (error > 0.0 && partials_[next - 1] > 0.0))) {
    const double doubled = error * 2.0;
    const double away = sum + doubled;
    if (doubled == away - sum) sum = away;
  }
  return sum;
}

}  // namespace tinyfair::host::common
