// What `tinyfair postprocess` is asked, without its files: the names of the
// data (for messages and provenance), the method and its options.
#pragma once

#include <string>
#include <vector>

#include "host_tools/fit/label_options.h"
#include "host_tools/fit/small_group_plan.h"
#include "host_tools/model/provenance.h"
#include "host_tools/postprocessing/postprocessor_registry.h"

namespace tinyfair::host::fit {

struct PostprocessOptions {
  /// The fitting and validation data's names, as messages and provenance
  /// give them.
  std::string data, validation;
  std::string method = "rto", rho = "auto";
  /// Without a scorer model: the column of the fitting data holding the
  /// scores, and whether they are probabilities or margins.
  std::string score_column, score_kind = "probability";
  LabelOptions label;
  SmallGroupSettings small_groups;
  /// roc: the group favoured in the band (empty: the default).
  std::string unprivileged;
  /// The group attributes (empty: the scorer's groups) and the strata
  /// within which parity must hold.
  std::vector<std::string> sensitive, strata;
  bool covariance = false, strict = false;
  /// What the model records of the data files, the scorer's included
  /// (provenance_option.h).
  std::string provenance = model::kProvenanceDetailNames[0];
  /// The library's options (every default there): the fit, and the grid
  /// a validation sample selects the ramp on.
  postprocessing::PostprocessorOptions fit;
  postprocessing::RtoSelectionOptions selection;
};

}  // namespace tinyfair::host::fit
