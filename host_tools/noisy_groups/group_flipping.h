// The synthetic group noise of Wang et al. (2020, section 5.2): a uniform
// random floor(rate n) of the rows, drawn without replacement, each moved
// to one of the other m - 1 groups uniformly. Seeded (PCG32), so the noisy
// column is the same on every machine.
#pragma once

#include <cstdint>
#include <vector>

namespace tinyfair::host::noisy_groups {

/// The noisy groups; `groups` holds indices in [0, group_count), and
/// group_count must be at least 2.
std::vector<int> FlipGroups(const std::vector<int>& groups, int group_count, double rate,
                            uint64_t seed);

}  // namespace tinyfair::host::noisy_groups
