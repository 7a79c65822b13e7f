// Latent ability z ~ N(0, 1) drives the label; the manager rating is a
// feature biased against group b (it subtracts 0.9 for b), and group b is
// also under-represented in the west region. A classifier trained on it
// gives group b a much lower positive rate than its true qualification rate.
#include "host_tools/data/synthetic_data.h"

#include <cmath>
#include <cstdio>

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::data {
namespace {

// Uniform in (0, 1) from 32 bits.
double Uniform(runtime::Pcg32& rng) {
  return (static_cast<double>(rng.Next()) + 0.5) / 4294967296.0;
}

// Box-Muller.
double Normal(runtime::Pcg32& rng) {
  const double u = Uniform(rng), v = Uniform(rng);
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
}

}  // namespace

std::string SyntheticHiringCsv(size_t rows, uint64_t seed) {
  runtime::Pcg32 rng(seed, 0x5eed);
  std::string csv = "test_score,experience,manager_rating,region,group,hired\n";
  static const char* const kRegions[] = {"north", "south", "east", "west"};
  char line[160];
  for (size_t i = 0; i < rows; ++i) {
    const bool group_b = Uniform(rng) < 0.4;
    const double ability = Normal(rng) - (group_b ? 0.15 : 0.0);
    const double test_score = 60.0 + 10.0 * (ability + 0.8 * Normal(rng));
    const double experience = std::fmax(0.0, 5.0 + 2.0 * (0.6 * ability + Normal(rng)));
    const double rating = 3.0 + 0.8 * ability + 0.6 * Normal(rng) - (group_b ? 0.9 : 0.0);
    size_t region = static_cast<size_t>(Uniform(rng) * 4.0);
    if (group_b && region == 3 && Uniform(rng) < 0.6) region = 1;
    const double probability = 1.0 / (1.0 + std::exp(-(2.2 * ability - 0.9)));
    const bool hired = Uniform(rng) < probability;
    std::snprintf(line, sizeof(line), "%.3f,%.3f,%.3f,%s,%s,%d\n", test_score, experience, rating,
                  kRegions[region], group_b ? "b" : "a", hired ? 1 : 0);
    csv += line;
  }
  return csv;
}

}  // namespace tinyfair::host::data
