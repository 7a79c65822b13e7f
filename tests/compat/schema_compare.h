// A protobuf schema as the lines its meaning depends on, for holding a
// compiled schema against its frozen copies (model.proto and
// monitor_report.proto alike).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "google/protobuf/descriptor.pb.h"

namespace tinyfair::compat {

/// Every message's fields (number, name, type, label, message or enum type,
/// oneof, packing) and every enum's values, as one line each, keyed by
/// where they are.
using Schema = std::map<std::string, std::string>;

Schema SchemaOf(const google::protobuf::FileDescriptorProto& file);

/// Every entry of `older` that `newer` lacks or holds differently, and, when
/// `exact`, every entry `newer` adds.
std::vector<std::string> Differences(const Schema& older, const Schema& newer, bool exact);

/// The lines, each indented and on its own line.
std::string Join(const std::vector<std::string>& lines);

/// The one file of the descriptor set protoc wrote to `path`; false when
/// there is none.
bool ReadDescriptorSet(const std::string& path, google::protobuf::FileDescriptorProto& file);

}  // namespace tinyfair::compat
