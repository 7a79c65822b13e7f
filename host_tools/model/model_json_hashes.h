// The model's two hashes in its JSON form. The protobuf JSON mapping writes
// a fixed64 as a decimal string; every other output of the tools (the
// decision log, export, monitor) writes a hash as 16 hexadecimal digits, so
// the JSON does too, and reading accepts both.
#pragma once

#include <string>

namespace tinyfair::host::model {

/// The hash fields (content_hash, input_layout_hash) of protobuf JSON,
/// rewritten from decimal to FormatHash's 16 hexadecimal digits.
std::string HashesToHex(const std::string& json);

/// The inverse, for the protobuf JSON parser: a hash field's value of 16
/// hexadecimal digits becomes decimal; any other value is left as it is.
std::string HashesToDecimal(const std::string& json);

}  // namespace tinyfair::host::model
