#include "host_tools/metrics/fairness_constraint.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace tinyfair::host::metrics {
namespace {

struct ConstraintName {
  FairnessConstraint constraint;
  const char* name;
};

constexpr ConstraintName kConstraintNames[] = {
    {FairnessConstraint::kDemographicParity, "dp"}, {FairnessConstraint::kEqualOpportunity, "eopp"},
    {FairnessConstraint::kEqualizedOdds, "eodds"},  {FairnessConstraint::kStatisticalParity, "sp"},
    {FairnessConstraint::kBoundedGroupLoss, "bgl"},
};

}  // namespace

const char* FairnessConstraintName(FairnessConstraint constraint) {
  for (const ConstraintName& entry : kConstraintNames) {
    if (entry.constraint == constraint) return entry.name;
  }
  throw std::invalid_argument("no fairness constraint numbered " +
                              std::to_string(static_cast<int>(constraint)));
}

FairnessConstraint FairnessConstraintNamed(const std::string& name) {
  const auto found = std::find_if(std::begin(kConstraintNames), std::end(kConstraintNames),
                                  [&](const ConstraintName& entry) { return name == entry.name; });
  if (found != std::end(kConstraintNames)) return found->constraint;
  std::string known;
  for (const ConstraintName& entry : kConstraintNames) {
    known += (known.empty() ? "" : " | ") + std::string(entry.name);
  }
  throw std::invalid_argument("no fairness constraint '" + name + "' (" + known + ")");
}

void RequireSupportedConstraint(const char* method, FairnessConstraint constraint,
                                std::initializer_list<FairnessConstraint> supported) {
  if (std::find(supported.begin(), supported.end(), constraint) != supported.end()) return;
  std::string accepted;
  for (FairnessConstraint c : supported) {
    accepted += (accepted.empty() ? "" : " | ") + std::string(FairnessConstraintName(c));
  }
  throw std::invalid_argument(std::string(method) + " fits constraint " + accepted + ", not '" +
                              FairnessConstraintName(constraint) + "'");
}

}  // namespace tinyfair::host::metrics
