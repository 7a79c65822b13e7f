// The regression output (RegressionOutput), which the regression rule and a
// regressing mixture share: clamp to [min, max], then the grid. Its check,
// its tables and its value in one place.
#pragma once

#include "tinyfair/model_check.nanopb.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime::internal {

/// Present, with finite normal bounds min < max whose difference is finite,
/// a grid of at most 2^16 cells and a known grid value; else kInvalidModel.
Status CheckOutput(bool has_output, const tinyfair_check_RegressionOutput& output);

/// The tables of an output the check accepted.
OutputTables OutputOf(const tinyfair_check_RegressionOutput& output);

/// The value a regression reports for the linked score `value`.
float Output(const OutputTables& o, float value);

}  // namespace tinyfair::runtime::internal
