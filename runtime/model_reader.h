// The Model message read from its wire format (wire_reader.h) into the
// structures nanopb generates for Load's check (tinyfair/model_check.nanopb.h),
// every array recorded as a span into the bytes, through one table of fields
// per message. Field numbers come from the generated ..._tag macros and
// capacities from the generated working structures (tinyfair/model.nanopb.h),
// so that each is still set once.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair/model_check.nanopb.h"
#include "wire_reader.h"

namespace tinyfair::runtime::internal {

/// Reads the fields of a whole Model that form its header (ModelHeader's
/// numbers, which every schema version shares) into `model` (zeroed by the
/// caller), skipping every other field by its wire type. False when the
/// bytes do not read as nanopb decoded them as a ModelHeader.
bool ReadHeader(const uint8_t* bytes, size_t size, tinyfair_check_Model& model);

/// Reads the rest of the Model whose header ReadHeader read into `model`.
/// False on bytes nanopb's decoding refused, on more than one rule field
/// and on an Input not given as a message. A span field given unpacked is
/// recorded with no bytes (nullptr), which the checks refuse as malformed
/// where they did before (SpansInBytes, CheckIntegerScorer).
bool ReadModel(const uint8_t* bytes, size_t size, tinyfair_check_Model& model);

/// Reads one Input message from its bytes into `input` (zeroed by the
/// caller).
bool ReadInput(WireReader bytes, tinyfair_check_Input& input);

}  // namespace tinyfair::runtime::internal
