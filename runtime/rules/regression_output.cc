#include "regression_output.h"

#include "index_conversions.h"
#include "model_check_parts.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {
namespace {

// Regression grids finer than this are not grids.
constexpr uint32_t kMaxGridSize = 1U << 16U;

// z_k = min + (max - min) * (k / N), computed one way everywhere.
float GridPoint(const OutputTables& o, uint32_t k) {
  return o.min + (o.max - o.min) * (FloatOfIndex(k) / FloatOfIndex(o.grid_size));
}

}  // namespace

Status CheckOutput(bool has_output, const tinyfair_check_RegressionOutput& output) {
  if (!has_output || !FiniteNormal(output.min) || !FiniteNormal(output.max) ||
      !(output.min < output.max) || !IsFinite(output.max - output.min) ||
      output.grid_size > kMaxGridSize || !Below(output.grid_value, 2)) {
    return Status::kInvalidModel;
  }
  return Status::kOk;
}

OutputTables OutputOf(const tinyfair_check_RegressionOutput& output) {
  return {output.min, output.max, output.grid_size,
          output.grid_value == tinyfair_check_RegressionOutput_GridValue_MIDPOINT};
}

// Clamp, then the bucket j = #{k in 1..N : v >= z_k} (found from
// floor((v - min) / (max - min) * N) and corrected against the grid points
// themselves, so values on a grid point land in its bucket).
float Output(const OutputTables& o, float value) {
  if (value < o.min) value = o.min;
  if (value > o.max) value = o.max;
  if (o.grid_size == 0) return value;
  const uint32_t n = o.grid_size;
  const float position = (value - o.min) / (o.max - o.min) * FloatOfIndex(n);
  uint32_t j = position <= 0.0f ? 0U : (position >= FloatOfIndex(n) ? n : IndexOfFloat(position));
  if (j < n && value >= GridPoint(o, j + 1)) ++j;
  if (j >= 1 && value < GridPoint(o, j)) --j;
  const float floor = j == 0 ? o.min : GridPoint(o, j);
  if (!o.grid_midpoint) return floor;
  const float midpoint = floor + (o.max - o.min) / (2.0f * FloatOfIndex(n));
  return midpoint < o.max ? midpoint : o.max;
}

}  // namespace tinyfair::runtime::internal
