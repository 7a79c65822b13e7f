// The input layout hash: what a firmware compiled for a model's inputs
// checks a later model against (Model::Load's input_layout_hash).
#pragma once

#include <cstdint>
#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The bytes the layout hash covers, for each input in order: its kind (one
/// byte), its name, its number of categories (4 bytes, little-endian) and
/// each category name; every name as a 4-byte little-endian length and its
/// bytes. Two models with these bytes equal take the same inputs.
std::string InputLayoutBytes(const tinyfair::Model& model);

/// FNV-1a 64 of InputLayoutBytes; never 0 (0 means "no layout" to Load).
uint64_t InputLayoutHash(const tinyfair::Model& model);

}  // namespace tinyfair::host::model
