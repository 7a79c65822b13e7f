#include "host_tools/reductions/eg_convergence.h"

#include "host_tools/common/text_format.h"

namespace tinyfair::host::reductions {

std::string EgConvergence::Summary() const {
  const std::string against = violation <= epsilon ? "within " + allowed + "; guarantee"
                              : violation <= guarantee
                                  ? "above " + allowed + ", within the guarantee"
                                  : "above the guarantee";
  return common::FormatText(
      "stopped by %s after %d iterations; best duality gap %.3e %s nu %.3e (%s); %s %.3e %s %s "
      "%g (%s %.3e)",
      stopped_by.c_str(), iterations, gap, gap <= nu ? "<=" : ">", nu,
      converged ? "converged" : "NOT converged", measure.c_str(), violation,
      violation <= epsilon ? "<=" : ">", allowed.c_str(), epsilon, against.c_str(), guarantee);
}

}  // namespace tinyfair::host::reductions
