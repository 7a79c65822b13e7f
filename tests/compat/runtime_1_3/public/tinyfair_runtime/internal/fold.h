// One input's part of folding a numeric input's offset and scale into a
// linear scorer: margin = bias + sum_i w_i (x_i - o_i) s_i
//                       = (bias - sum_i w_i s_i o_i) + sum_i (w_i s_i) x_i.
// Load's check and the tables Load builds both fold with this function, in
// input order, so that the check sees the very bits Decide will read.
#pragma once

namespace tinyfair::runtime::internal {

inline void FoldInput(bool numeric, float scale, float offset, float& weight, float& bias) {
  weight = numeric ? weight * scale : 0.0f;
  if (numeric) bias -= weight * offset;
}

}  // namespace tinyfair::runtime::internal
