// The fairness constraints the product knows, each with its one spelling
// (the CLI's --constraint values and the Python estimators' `constraint`).
// Every method family takes this type and refuses, by name, a constraint it
// does not fit.
#pragma once

#include <initializer_list>
#include <string>

namespace tinyfair::host::metrics {

enum class FairnessConstraint {
  kDemographicParity,  // "dp": equal positive rates across groups
  kEqualOpportunity,   // "eopp": equal true positive rates
  kEqualizedOdds,      // "eodds": equal true and false positive rates
  kStatisticalParity,  // "sp": regression; equal distributions of the output
  kBoundedGroupLoss,   // "bgl": regression; each group's mean loss bounded
};

/// "dp", "eopp", "eodds", "sp" or "bgl".
const char* FairnessConstraintName(FairnessConstraint constraint);

/// The constraint spelt `name`; throws std::invalid_argument naming it
/// otherwise.
FairnessConstraint FairnessConstraintNamed(const std::string& name);

/// Throws std::invalid_argument "`method` fits constraint a | b, not 'c'"
/// unless `constraint` is one of `supported`.
void RequireSupportedConstraint(const char* method, FairnessConstraint constraint,
                                std::initializer_list<FairnessConstraint> supported);

}  // namespace tinyfair::host::metrics
