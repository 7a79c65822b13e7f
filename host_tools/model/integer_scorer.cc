#include "host_tools/model/integer_scorer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

// Shifts (input, fraction bits, ramp segments) lie in [-30, 30] or [0, 30]:
// the runtime's limit, which keeps 2^shift exact in float.
constexpr int kMaxShift = 30;
constexpr int64_t kMaxMargin = std::numeric_limits<int32_t>::max();
constexpr double kInputMagnitude = 32768.0;  // the largest |int16|
constexpr int kRampSegments = 8;
constexpr double kProbabilityOne = 32768.0;  // 2^15: the ramp's units
// The largest knot 16 bits hold, in those units: a little under 2.
constexpr double kLargestKnot = 65535.0 / kProbabilityOne;

using Link = tinyfair::LinearScorer::Link;

// The link's range: scores at or beyond it have no finite margin.
void LinkLimits(Link link, double& lower, double& upper) {
  switch (link) {
    case tinyfair::LinearScorer::LOGISTIC:
      lower = 0.0, upper = 1.0;
      return;
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      lower = -1.0, upper = 1.0;
      return;
    default:
      lower = -std::numeric_limits<double>::infinity();
      upper = std::numeric_limits<double>::infinity();
      return;
  }
}

double LinkOf(Link link, double margin) {
  switch (link) {
    case tinyfair::LinearScorer::LOGISTIC:
      return 1.0 / (1.0 + std::exp(-margin));
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      return 2.0 / (1.0 + std::exp(-margin)) - 1.0;
    default:
      return margin;
  }
}

int64_t Abs64(int64_t value) { return value < 0 ? -value : value; }

double Logit(double p) { return std::log(p / (1.0 - p)); }

// The margin whose score is `score`: -inf at or below the link's lower
// limit, +inf at or above its upper one.
double LinkInverse(Link link, double score) {
  double lower, upper;
  LinkLimits(link, lower, upper);
  if (score <= lower) return -std::numeric_limits<double>::infinity();
  if (score >= upper) return std::numeric_limits<double>::infinity();
  switch (link) {
    case tinyfair::LinearScorer::LOGISTIC:
      return Logit(score);
    case tinyfair::LinearScorer::SIGNED_LOGISTIC:
      return Logit((score + 1.0) / 2.0);
    default:
      return score;
  }
}

int64_t Clamp(double value, int64_t low, int64_t high) {
  if (!(value > static_cast<double>(low))) return low;  // NaN: low
  if (value >= static_cast<double>(high)) return high;
  return static_cast<int64_t>(value);
}

// floor(log2(range / largest)) in [-30, 30]: the largest s with
// largest * 2^s <= range, checked exactly after log2's estimate.
int InputShift(double largest, double range) {
  if (largest == 0.0) return 0;
  int shift = static_cast<int>(std::clamp(std::floor(std::log2(range / largest)),
                                          -double{kMaxShift} - 1, double{kMaxShift}));
  while (shift < kMaxShift && std::ldexp(largest, shift + 1) <= range) ++shift;
  while (shift > -kMaxShift && std::ldexp(largest, shift) > range) --shift;
  return std::clamp(shift, -kMaxShift, kMaxShift);
}

const char* RuleName(const tinyfair::Model& model) {
  switch (model.rule_case()) {
    case tinyfair::Model::kTwoThreshold:
      return "two-threshold";
    case tinyfair::Model::kTruncatedLogistic:
      return "truncated logistic";
    case tinyfair::Model::kMixture:
      return "mixture";
    case tinyfair::Model::kRegression:
      return "regression";
    default:
      return "no";
  }
}

struct Folded {
  std::vector<double> weight;  // a_i = w_i c_i per input, 0 for categorical
  std::vector<int> shift;      // s_i
  double bias = 0.0;           // b = bias - sum w_i c_i o_i
};

Folded Fold(const tinyfair::Model& model, const std::vector<float>& rows, double range) {
  const size_t n = static_cast<size_t>(model.inputs_size());
  const tinyfair::LinearScorer& scorer = model.scorer();
  if (n == 0 || rows.size() % n != 0) {
    throw std::invalid_argument(common::FormatText(
        "integer scorer: %zu input values are not whole rows of the model's %zu inputs",
        rows.size(), n));
  }
  if (static_cast<size_t>(scorer.weights_size()) != n) {
    throw std::invalid_argument("integer scorer: the scorer has no weight per input");
  }
  Folded folded;
  folded.weight.assign(n, 0.0);
  folded.shift.assign(n, 0);
  folded.bias = scorer.bias();
  std::vector<double> largest(n, 0.0);
  for (size_t at = 0; at < rows.size(); at += n) {
    for (size_t i = 0; i < n; ++i) {
      const double x = rows[at + i];
      if (std::isfinite(x)) largest[i] = std::max(largest[i], std::fabs(x));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const tinyfair::Input& input = model.inputs(static_cast<int>(i));
    if (input.kind() == tinyfair::Input::CATEGORICAL) continue;
    const double w = scorer.weights(static_cast<int>(i));
    const double c = input.scale();
    folded.weight[i] = w * c;
    folded.bias -= w * c * static_cast<double>(input.offset());
    folded.shift[i] = InputShift(largest[i], range);
  }
  return folded;
}

// The scorer's integers for `fraction_bits`; false when a weight passes the
// range or the margin bound passes int32.
bool Quantise(const tinyfair::Model& model, const Folded& folded, int fraction_bits, double range,
              tinyfair::IntegerScorer& out) {
  out.Clear();
  out.set_fraction_bits(static_cast<uint32_t>(fraction_bits));
  const double bias = std::round(std::ldexp(folded.bias, fraction_bits));
  double bound = std::fabs(bias);
  for (size_t i = 0; i < folded.weight.size(); ++i) {
    const double w = std::round(std::ldexp(folded.weight[i], fraction_bits - folded.shift[i]));
    if (!(std::fabs(w) <= range)) return false;
    bound += std::fabs(w) * kInputMagnitude;
    out.add_input_shift(folded.shift[i]);
    out.add_weights(static_cast<int32_t>(w));
  }
  for (const float weight : model.scorer().category_weights()) {
    const double c = std::round(std::ldexp(static_cast<double>(weight), fraction_bits));
    bound += std::fabs(c);
    if (!(bound <= static_cast<double>(kMaxMargin))) return false;
    out.add_category_weights(static_cast<int32_t>(c));
  }
  if (!(bound <= static_cast<double>(kMaxMargin))) return false;
  out.set_bias(static_cast<int32_t>(bias));
  return true;
}

void SetThresholds(const tinyfair::Model& model, tinyfair::IntegerScorer& out) {
  const Link link = model.scorer().link();
  const int fraction_bits = static_cast<int>(out.fraction_bits());
  for (const float t : model.threshold().threshold()) {
    const double margin = LinkInverse(link, t);
    out.add_threshold(static_cast<int32_t>(Clamp(std::ceil(std::ldexp(margin, fraction_bits)),
                                                 std::numeric_limits<int32_t>::min(),
                                                 std::numeric_limits<int32_t>::max())));
  }
}

void SetRamps(const tinyfair::Model& model, tinyfair::IntegerScorer& out) {
  const Link link = model.scorer().link();
  const int fraction_bits = static_cast<int>(out.fraction_bits());
  const int64_t bound = IntegerMarginBound(out);
  const tinyfair::GroupRampRule& ramp = model.ramp();
  if (ramp.threshold_size() != ramp.width_size()) {
    throw std::invalid_argument("integer scorer: the ramp rule has no width per threshold");
  }
  for (int g = 0; g < ramp.threshold_size(); ++g) {
    const double t = ramp.threshold(g), w = ramp.width(g);
    const int64_t start =
        Clamp(std::floor(std::ldexp(LinkInverse(link, t), fraction_bits)), -bound, bound);
    // The ramp's end, unrounded: the segments reach it.
    const double end = std::clamp(std::ldexp(LinkInverse(link, t + w), fraction_bits),
                                  -static_cast<double>(bound), static_cast<double>(bound));
    int shift = 0;
    while (shift < kMaxShift &&
           std::ldexp(kRampSegments, shift) < end - static_cast<double>(start)) {
      ++shift;
    }
    out.add_ramp_start(static_cast<int32_t>(start));
    out.add_ramp_shift(static_cast<uint32_t>(shift));
    uint32_t previous = 0;
    for (int j = 0; j <= kRampSegments; ++j) {
      const double m =
          std::ldexp(static_cast<double>(start + j * (int64_t{1} << shift)), -fraction_bits);
      // The unclamped ramp, up to what 16 bits hold: the runtime clamps what
      // it interpolates to 1, so the ramp's end, inside a segment, is where
      // the line between its knots crosses 1, not a cut corner.
      const double p = std::clamp((LinkOf(link, m) - t) / w, 0.0, kLargestKnot);
      previous = std::max(previous, static_cast<uint32_t>(std::round(p * kProbabilityOne)));
      out.add_ramp_probability(previous);
    }
  }
}

}  // namespace

const tinyfair::IntegerScorer* IntegerScorerOf(const tinyfair::Model& model) {
  if (model.has_threshold() && model.threshold().has_integer()) return &model.threshold().integer();
  if (model.has_ramp() && model.ramp().has_integer()) return &model.ramp().integer();
  return nullptr;
}

tinyfair::IntegerScorer* MutableIntegerScorer(tinyfair::Model& model) {
  if (model.has_threshold()) return model.mutable_threshold()->mutable_integer();
  if (model.has_ramp()) return model.mutable_ramp()->mutable_integer();
  throw std::invalid_argument("integer scorer: only a threshold or ramp rule holds one");
}

void ClearIntegerScorer(tinyfair::Model& model) {
  if (model.has_threshold()) model.mutable_threshold()->clear_integer();
  if (model.has_ramp()) model.mutable_ramp()->clear_integer();
  model.set_required_features(model.required_features() &
                              ~(uint64_t{1} << tinyfair::INTEGER_SCORER));
}

int64_t IntegerRange(IntegerWidth width) { return width == IntegerWidth::kInt8 ? 127 : 32767; }

int64_t IntegerMarginBound(const tinyfair::IntegerScorer& scorer) {
  int64_t bound = Abs64(int64_t{scorer.bias()});
  for (const int32_t w : scorer.weights()) bound += Abs64(int64_t{w}) * 32768;
  for (const int32_t c : scorer.category_weights()) bound += Abs64(int64_t{c});
  return bound;
}

void AddIntegerScorer(tinyfair::Model& model, const std::vector<float>& rows, IntegerWidth width) {
  if (!model.has_threshold() && !model.has_ramp()) {
    throw std::invalid_argument(common::FormatText(
        "integer scorer: the model has a %s rule; the integer path decides threshold and ramp "
        "rules only",
        RuleName(model)));
  }
  const double range = static_cast<double>(IntegerRange(width));
  const Folded folded = Fold(model, rows, range);
  tinyfair::IntegerScorer scorer;
  int fraction_bits = kMaxShift;
  while (!Quantise(model, folded, fraction_bits, range, scorer)) {
    if (--fraction_bits < 0) {
      throw std::invalid_argument(
          "integer scorer: the scorer's weights do not fit the integer range even with no "
          "fraction bits (an input's weight times its scale is too large for its data's range)");
    }
  }
  scorer.set_input_bits(width == IntegerWidth::kInt8 ? 8 : 16);
  if (model.has_threshold()) {
    SetThresholds(model, scorer);
  } else {
    SetRamps(model, scorer);
  }
  *MutableIntegerScorer(model) = std::move(scorer);
  model.set_required_features(model.required_features() |
                              (uint64_t{1} << tinyfair::INTEGER_SCORER));
}

std::string IntegerScorerSummary(const tinyfair::Model& model) {
  const tinyfair::IntegerScorer* scorer = IntegerScorerOf(model);
  if (scorer == nullptr) return "integer scorer: none";
  const tinyfair::IntegerScorer& s = *scorer;
  std::string shifts;
  for (int i = 0; i < s.input_shift_size(); ++i) {
    if (model.inputs(i).kind() == tinyfair::Input::CATEGORICAL) continue;
    shifts += (shifts.empty() ? "" : " ") + std::to_string(s.input_shift(i));
  }
  int64_t largest = 0;
  for (const int32_t w : s.weights()) largest = std::max(largest, Abs64(int64_t{w}));
  const int64_t range = s.input_bits() == 8 ? 127 : 32767;
  const int64_t bound = IntegerMarginBound(s);
  return common::FormatText(
      "integer scorer: int%u, fraction bits %u, input shifts [%s], largest |weight| %lld of "
      "%lld, margin bound %lld of 2^31 - 1 (%.1f%%)",
      s.input_bits(), s.fraction_bits(), shifts.c_str(), static_cast<long long>(largest),
      static_cast<long long>(range), static_cast<long long>(bound),
      100.0 * static_cast<double>(bound) / static_cast<double>(kMaxMargin));
}

}  // namespace tinyfair::host::model
