#include "host_tools/noisy_groups/group_flipping.h"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::noisy_groups {

std::vector<int> FlipGroups(const std::vector<int>& groups, int group_count, double rate,
                            uint64_t seed) {
  if (group_count < 2) throw std::invalid_argument("flipping groups needs at least two groups");
  if (!(rate >= 0.0 && rate <= 1.0)) throw std::invalid_argument("the flip rate must be in [0, 1]");
  runtime::Pcg32 rng(seed, 0x6e6f);
  auto below = [&rng](size_t bound) {
    return static_cast<size_t>((static_cast<uint64_t>(rng.Next()) * bound) >> 32U);
  };
  const size_t n = groups.size();
  const auto flips = static_cast<size_t>(std::floor(rate * static_cast<double>(n)));
  // The first `flips` positions of a partial Fisher-Yates shuffle.
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::vector<int> noisy = groups;
  for (size_t i = 0; i < flips; ++i) {
    std::swap(order[i], order[i + below(n - i)]);
    const size_t row = order[i];
    // One of the other groups: skip over the row's own.
    int other = static_cast<int>(below(static_cast<size_t>(group_count - 1)));
    if (other >= groups[row]) ++other;
    noisy[row] = other;
  }
  return noisy;
}

}  // namespace tinyfair::host::noisy_groups
