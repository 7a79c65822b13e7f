#include "host_tools/data/scored_sample.h"

namespace tinyfair::host::data {

std::vector<double> AsProbabilities(const std::vector<double>& scores) {
  std::vector<double> p;
  p.reserve(scores.size());
  for (double f : scores) p.push_back((f + 1.0) / 2.0);
  return p;
}

}  // namespace tinyfair::host::data
