// The demo's seeded synthetic hiring data (documented in docs/demo_data.md),
// so the demo runs anywhere without external data.
#pragma once

#include <cstdint>
#include <string>

namespace tinyfair::host::data {

/// CSV text with header
/// `test_score,experience,manager_rating,region,group,hired`, `rows` rows.
/// The same seed gives the same bytes on every machine (the generator uses
/// only integer arithmetic and std::log/std::sqrt/std::cos on doubles
/// rounded to 3 decimals).
std::string SyntheticHiringCsv(size_t rows, uint64_t seed);

}  // namespace tinyfair::host::data
