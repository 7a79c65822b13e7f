// The C API's tables path: the C++ half of a header from `tinyfair codegen
// --tables --language c`, which a C firmware compiles in one C++ source. The
// generated functions pass their rule's DecideAs instantiation, so only that
// rule is linked, as with the C++ tables; those of a model with an integer
// scorer pass DecideQuantised and call the DecideInteger forms below, so
// only an integer model's tables link the integer path.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/tinyfair.h"

namespace tinyfair::runtime {

/// A DecideAs<rule> instantiation or DecideQuantised (the draw-taking forms).
using TablesDecider = Status (*)(const DecisionTables&, const DecisionInput&, uint32_t, Decision&);

/// Decides through `decide` with the C API's generator and record, taking
/// one draw from `rng` when a decision is made (as tinyfair_model_decide).
tinyfair_status DecideTablesForC(TablesDecider decide, const DecisionTables& tables,
                                 const float* inputs, size_t count, uint32_t group,
                                 tinyfair_rng* rng, tinyfair_decision* out);

/// The same with the next keyed draw, recording its counter (as
/// tinyfair_model_decide_keyed).
tinyfair_status DecideTablesKeyedForC(TablesDecider decide, const DecisionTables& tables,
                                      const float* inputs, size_t count, uint32_t group,
                                      tinyfair_keyed_draws* draws, tinyfair_decision* out);

/// The same with the caller's draw (as tinyfair_model_decide_with_draw).
tinyfair_status DecideTablesWithDrawForC(TablesDecider decide, const DecisionTables& tables,
                                         const float* inputs, size_t count, uint32_t group,
                                         uint32_t draw, tinyfair_decision* out);

/// The three forms above for 16-bit inputs, decided by DecideInteger (the
/// tables must hold an integer scorer): no float arithmetic.
tinyfair_status DecideIntegerTablesForC(const DecisionTables& tables, const int16_t* inputs,
                                        size_t count, uint32_t group, tinyfair_rng* rng,
                                        tinyfair_decision* out);
tinyfair_status DecideIntegerTablesKeyedForC(const DecisionTables& tables, const int16_t* inputs,
                                             size_t count, uint32_t group,
                                             tinyfair_keyed_draws* draws, tinyfair_decision* out);
tinyfair_status DecideIntegerTablesWithDrawForC(const DecisionTables& tables, const int16_t* inputs,
                                                size_t count, uint32_t group, uint32_t draw,
                                                tinyfair_decision* out);

}  // namespace tinyfair::runtime
