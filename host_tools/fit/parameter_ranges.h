// The ranges of the parameters both front ends take (the command line and
// the Python package), defined once: each front end checks a value here, so
// that `--rho 2` and `rho=2` are refused alike, with the parameter's name
// and range, never clamped or saturated into another fit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tinyfair::host::fit {

struct ParameterRange {
  const char* name;  // as a flag without its dashes, and as Python's keyword
  double low, high;  // finite or infinite; NaN is never in a range
  bool low_open = false, high_open = false;
  const char* meaning = "";
};

/// The target positive rate of a ramp fit.
extern const ParameterRange kRho;
/// The ramp's width, and each value of a grid of them.
extern const ParameterRange kGamma;
extern const ParameterRange kGammaGrid;
/// The L2 penalty of a trained scorer.
extern const ParameterRange kL2;
/// The maximum-entropy solver's stopping tolerance (debias-data).
extern const ParameterRange kGradientTolerance;
/// The parity (or covariance) tolerance of a fit.
extern const ParameterRange kEpsilon;
/// Offsets to rho tried with a validation sample.
extern const ParameterRange kRhoOffsets;
/// The largest validation parity gap a selection accepts.
extern const ParameterRange kMaxValidationGap;
/// roc's parity gap to reach.
extern const ParameterRange kBiasTarget;
/// The monitor's false-alarm probability and tolerance (export).
extern const ParameterRange kMonitorAlpha;
extern const ParameterRange kMonitorTolerance;
/// A decision's probability of being positive (Python's group_report).
extern const ParameterRange kProbability;
/// shift: the positive rate the scores are calibrated to.
extern const ParameterRange kSourcePrior;
/// noise: the fraction of rows moved to another group.
extern const ParameterRange kFlipRate;

/// "[0, 1]", "(0, inf)": the range as messages write it.
std::string RangeText(const ParameterRange& range);

/// What is wrong with `value` for `range` ("VALUE is outside RANGE
/// (MEANING)", without the name, for a front end that adds it), or "".
std::string RangeProblem(const ParameterRange& range, double value);

/// @throws std::invalid_argument "NAME: VALUE is outside RANGE (MEANING)"
///         for NaN or a value outside the range.
void CheckParameter(const ParameterRange& range, double value);

/// Every value of a grid within `range`, and the grid not empty.
/// @throws std::invalid_argument naming the parameter and the first bad value.
void CheckParameterGrid(const ParameterRange& range, const std::vector<double>& values);

/// `value` one of `choices`, for an option the command line checks with
/// its own list and another front end sets freely.
/// @throws std::invalid_argument "NAME: 'VALUE' is not one of A | B".
void CheckParameterChoice(const char* name, const std::string& value,
                          const std::vector<std::string>& choices);

/// `text` as a whole number (no trailing text) within `range`.
/// @throws std::invalid_argument naming the parameter.
double ParseParameter(const ParameterRange& range, const std::string& text);

/// What is wrong with `text` as a 64-bit unsigned number (decimal digits
/// only, at most 2^64 - 1: a seed or a stream, never saturated or wrapped),
/// without the name, or "".
std::string Uint64Problem(const std::string& text);

}  // namespace tinyfair::host::fit
