#include "tests/compat/schema_compare.h"

#include <fstream>
#include <sstream>

namespace tinyfair::compat {
namespace {

using google::protobuf::DescriptorProto;
using google::protobuf::EnumDescriptorProto;
using google::protobuf::FieldDescriptorProto;
using google::protobuf::FileDescriptorProto;

void AddEnum(const std::string& scope, const EnumDescriptorProto& e, Schema& schema) {
  for (const auto& value : e.value()) {
    schema[scope + e.name() + "=" + std::to_string(value.number())] = value.name();
  }
}

void AddMessage(const std::string& scope, const DescriptorProto& m, Schema& schema) {
  const std::string name = scope + m.name();
  schema[name] = "message";
  for (const FieldDescriptorProto& f : m.field()) {
    std::ostringstream line;
    line << f.name() << " type " << f.type() << " label " << f.label() << " " << f.type_name();
    if (f.has_oneof_index()) line << " oneof " << m.oneof_decl(f.oneof_index()).name();
    if (f.options().has_packed()) line << " packed " << f.options().packed();
    if (f.proto3_optional()) line << " optional";
    schema[name + "#" + std::to_string(f.number())] = line.str();
  }
  for (const auto& nested : m.nested_type()) AddMessage(name + ".", nested, schema);
  for (const auto& e : m.enum_type()) AddEnum(name + ".", e, schema);
}

}  // namespace

Schema SchemaOf(const FileDescriptorProto& file) {
  Schema schema;
  const std::string scope = file.package() + ".";
  for (const auto& m : file.message_type()) AddMessage(scope, m, schema);
  for (const auto& e : file.enum_type()) AddEnum(scope, e, schema);
  return schema;
}

std::vector<std::string> Differences(const Schema& older, const Schema& newer, bool exact) {
  std::vector<std::string> out;
  for (const auto& [key, value] : older) {
    const auto it = newer.find(key);
    if (it == newer.end()) {
      out.push_back(key + " (" + value + ") is gone");
    } else if (it->second != value) {
      out.push_back(key + " changed from (" + value + ") to (" + it->second + ")");
    }
  }
  if (exact) {
    for (const auto& [key, value] : newer) {
      if (older.count(key) == 0) out.push_back(key + " (" + value + ") was added");
    }
  }
  return out;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += "  " + line + "\n";
  return out;
}

bool ReadDescriptorSet(const std::string& path, FileDescriptorProto& file) {
  std::ifstream in(path, std::ios::binary);
  google::protobuf::FileDescriptorSet set;
  if (!in || !set.ParseFromIstream(&in) || set.file_size() != 1) return false;
  file = set.file(0);
  return true;
}

}  // namespace tinyfair::compat
