// Generates the C++ header that carries a model into firmware as constexpr
// DecisionTables, sized exactly for the model: the firmware needs no decoder.
#pragma once

#include <string>

#include "tinyfair_runtime/decision_tables.h"

namespace tinyfair::codegen {

/// A header defining, in namespace tinyfair_models,
/// `inline constexpr tinyfair::runtime::DecisionTables k<Name>Tables` and
/// `inline Status Decide<Name>(input, rng, out)` /
/// `DecideWithDraw<Name>(input, draw, out)`, which call DecideAs<rule>, so only
/// the model's rule is linked. `tables` must come from a loaded
/// runtime::Model (Model::tables()), which makes the decisions identical to
/// the decoder path's. `source` names the model in the first comment;
/// `declarations` (e.g. InputNamesCpp) go into the namespace before the tables.
std::string ModelTablesHeader(const std::string& name, const runtime::DecisionTables& tables,
                              const std::string& model_id, const std::string& source,
                              const std::string& declarations = "");

/// The same model for C firmware: a header declaring `Decide<Name>(inputs,
/// count, group, rng, out)`, `DecideKeyed<Name>(..., draws, out)` and
/// `DecideWithDraw<Name>(..., draw, out)` over the C API's types, with
/// `declarations` (e.g. InputNamesC); one C++ source that defines
/// TINYFAIR_<NAME>_TABLES_IMPLEMENTATION before including it gets the tables
/// and the functions. For tables with an integer scorer the three decide by
/// DecideQuantised, and DecideInteger<Name>, DecideIntegerKeyed<Name> and
/// DecideIntegerWithDraw<Name> take `const int16_t* inputs` (DecideInteger).
std::string ModelTablesHeaderC(const std::string& name, const runtime::DecisionTables& tables,
                               const std::string& model_id, const std::string& source,
                               const std::string& declarations);

/// Only the declarations of the header above without its includes and
/// Decide functions, for collecting several models in one header.
std::string ModelTablesDefinitions(const std::string& name, const runtime::DecisionTables& tables);

/// The bytes of the arrays the headers above define for `tables` (not the
/// DecisionTables object itself, whose size is the target's), each rounded
/// up to a multiple of `alignment`, as the linker places them.
size_t ModelTablesArrayBytes(const runtime::DecisionTables& tables, size_t alignment);

}  // namespace tinyfair::codegen
