#include "host_tools/fit/parameter_ranges.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::fit {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string BoundText(double bound) {
  if (std::isinf(bound)) return bound > 0 ? "inf" : "-inf";
  return common::FormatText("%.15g", bound);
}

bool Inside(const ParameterRange& range, double value) {
  if (std::isnan(value)) return false;
  const bool above_low = range.low_open ? value > range.low : value >= range.low;
  const bool below_high = range.high_open ? value < range.high : value <= range.high;
  return above_low && below_high;
}

}  // namespace

const ParameterRange kRho{"rho", 0.0, 1.0, false, false, "the target positive rate, or auto"};
const ParameterRange kGamma{"gamma", 0.0, kInfinity, true, true, "the ramp's width"};
const ParameterRange kGammaGrid{"gamma-grid", 0.0, kInfinity, true, true, "ramp widths"};
const ParameterRange kL2{"l2", 0.0, kInfinity, false, true, "the L2 penalty"};
const ParameterRange kGradientTolerance{
    "gradient-tolerance", 0.0, 1.0, false, false, "the solver's stopping tolerance"};
const ParameterRange kEpsilon{"epsilon", 0.0, 1.0, false, false, "the parity tolerance"};
const ParameterRange kRhoOffsets{"rho-offsets", -1.0, 1.0, false, false, "offsets to rho"};
const ParameterRange kMaxValidationGap{"max-validation-gap", 0.0, 1.0, false, false,
                                       "a parity gap"};
const ParameterRange kBiasTarget{"bias-target", 0.0, 1.0, false, false, "a parity gap"};
const ParameterRange kMonitorAlpha{"monitor-alpha", 1e-9,  0.999999,
                                   false,           false, "the false-alarm probability"};
const ParameterRange kMonitorTolerance{"monitor-tolerance",      0.0, 0.999999, false, false,
                                       "how far a rate may move"};
const ParameterRange kProbability{"y_prob", 0.0, 1.0, false, false, "a probability"};
const ParameterRange kSourcePrior{
    "source-prior", 0.0, 1.0, true, true, "the positive rate the scores are calibrated to"};
const ParameterRange kFlipRate{"rate", 0.0,   1.0,
                               false,  false, "the fraction of rows moved to another group"};

std::string RangeText(const ParameterRange& range) {
  return std::string(range.low_open ? "(" : "[") + BoundText(range.low) + ", " +
         BoundText(range.high) + (range.high_open ? ")" : "]");
}

std::string RangeProblem(const ParameterRange& range, double value) {
  if (Inside(range, value)) return "";
  return common::ExactText(value) + " is outside " + RangeText(range) + " (" + range.meaning + ")";
}

void CheckParameter(const ParameterRange& range, double value) {
  const std::string problem = RangeProblem(range, value);
  if (!problem.empty()) throw std::invalid_argument(std::string(range.name) + ": " + problem);
}

void CheckParameterGrid(const ParameterRange& range, const std::vector<double>& values) {
  if (values.empty()) {
    throw std::invalid_argument(std::string(range.name) + ": an empty grid; give at least one " +
                                "value in " + RangeText(range));
  }
  for (double value : values) CheckParameter(range, value);
}

void CheckParameterChoice(const char* name, const std::string& value,
                          const std::vector<std::string>& choices) {
  std::string listed;
  for (const std::string& choice : choices) {
    if (choice == value) return;
    listed += (listed.empty() ? "" : " | ") + choice;
  }
  throw std::invalid_argument(std::string(name) + ": '" + value + "' is not one of " + listed);
}

double ParseParameter(const ParameterRange& range, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE) {
    throw std::invalid_argument(std::string(range.name) + ": '" + text + "' is not a number in " +
                                RangeText(range) + " (" + range.meaning + ")");
  }
  CheckParameter(range, value);
  return value;
}

std::string Uint64Problem(const std::string& text) {
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  if (digits) std::strtoull(text.c_str(), nullptr, 10);
  if (digits && errno != ERANGE) return "";
  return "'" + text + "' is not a whole number in [0, 18446744073709551615] (64 bits)";
}

}  // namespace tinyfair::host::fit
