#include "host_tools/fit/fit_stop.h"

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_not_accepted.h"
#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {

std::string FitStop::Summary() const {
  const std::string how =
      fixed_iterations
          ? host::common::FormatText("ran its %d iterations (no stopping rule)", iterations)
          : host::common::FormatText("stopped by %s after %d iterations (%s)", stopped_by.c_str(),
                                     iterations, converged ? "converged" : "NOT converged");
  const std::string bound_text =
      (bound_name.empty() ? "" : bound_name + " ") + host::common::FormatText("%.3e", bound);
  return how +
         host::common::FormatText("; %s %.3e %s ", measure.c_str(), value, Met() ? "<=" : ">") +
         bound_text + (detail.empty() ? "" : "; " + detail);
}

void ReportFitStop(const std::string& command, const std::string& method, const FitStop& stop,
                   bool strict) {
  Note(command + ": " + method + ": " + stop.Summary());
  if (stop.Accepted()) return;
  const std::string what =
      !stop.fixed_iterations && !stop.converged ? "did not converge" : "is above its bound";
  if (strict) {
    throw FitNotAccepted("--strict: " + method + " " + what + " (" + stop.Summary() +
                         "); nothing written");
  }
  Note(command + ": WARNING: " + method + " " + what + "; the model is written as it is (" +
       "--strict refuses it)");
}

void ReportConvergence(const std::string& method, const reductions::EgConvergence& convergence,
                       bool strict) {
  Note("train: " + method + ": " + convergence.Summary());
  if (!strict || convergence.Accepted()) return;
  throw FitNotAccepted("--strict: " + method + " " +
                       (convergence.converged ? "is above its guarantee" : "did not converge") +
                       " (" + convergence.Summary() + "); nothing written");
}

}  // namespace tinyfair::host::fit
