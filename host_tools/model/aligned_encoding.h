// The model file's encoding with its arrays aligned for the core: the
// runtime reads an array of floats in place (LoadOptions::in_place) only
// where it lies on a multiple of 4 bytes, and the protobuf library places
// fields one after another, so most arrays lie anywhere. Protobuf lets a
// varint carry trailing zero groups (0x85 0x80 0x00 is 5), which every
// parser reads, nanopb's and the runtime's included: widening the length
// before an array moves the array without changing the message, its
// schema, or what any reader decodes.
#pragma once

#include <google/protobuf/message.h>

#include <string>

namespace tinyfair::host::model {

/// The protobuf library's encoding of `message`, field for field, except
/// that every packed array of 4-byte elements (float, fixed32, sfixed32)
/// starts at an offset from the encoding's start that is a multiple of 4:
/// its length, and the length of every message around it, is written in as
/// many varint bytes as that takes. The same message always gives the same
/// bytes. Parsing them gives `message` again.
/// @throws std::runtime_error if the library cannot encode the message.
std::string AlignedEncoding(const google::protobuf::Message& message);

}  // namespace tinyfair::host::model
