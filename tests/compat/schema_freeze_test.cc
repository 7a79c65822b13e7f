// The schema cannot change without its version. tests/compat/schema holds a
// frozen copy of every schema version, the one the host writes
// (host_tools/model_file.h) included. The schema compiled into this build
// must equal the frozen copy of its own version, message by message and
// field by field, and keep every field of every earlier version unchanged:
// a field added, removed, renumbered or retyped without a new version fails.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "google/protobuf/descriptor.pb.h"
#include "host_tools/model/model_file.h"
#include "tinyfair/model.pb.h"

namespace {

using google::protobuf::DescriptorProto;
using google::protobuf::EnumDescriptorProto;
using google::protobuf::FieldDescriptorProto;
using google::protobuf::FileDescriptorProto;
using google::protobuf::FileDescriptorSet;

std::string Version(uint32_t major, uint32_t minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

// The frozen schema of `version`, compiled by protoc at build time.
bool ReadFrozen(const std::string& version, FileDescriptorProto& file) {
  std::ifstream in(std::string(TINYFAIR_FROZEN_SCHEMA_DIR) + "/" + version + ".pb",
                   std::ios::binary);
  FileDescriptorSet set;
  if (!in || !set.ParseFromIstream(&in) || set.file_size() != 1) return false;
  file = set.file(0);
  return true;
}

FileDescriptorProto Compiled() {
  FileDescriptorProto file;
  tinyfair::Model::descriptor()->file()->CopyTo(&file);
  return file;
}

// What a model's meaning depends on: every message's fields (number, name,
// type, label, message or enum type, oneof, packing) and every enum's values,
// as one line each, keyed by where they are.
using Schema = std::map<std::string, std::string>;

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

Schema SchemaOf(const FileDescriptorProto& file) {
  Schema schema;
  const std::string scope = file.package() + ".";
  for (const auto& m : file.message_type()) AddMessage(scope, m, schema);
  for (const auto& e : file.enum_type()) AddEnum(scope, e, schema);
  return schema;
}

// Every entry of `older` that `newer` lacks or holds differently, and, when
// `exact`, every entry `newer` adds.
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

TEST(SchemaFreeze, TheSchemaEqualsTheFrozenCopyOfItsVersion) {
  const std::string version =
      Version(tinyfair::host::model::kSchemaMajor, tinyfair::host::model::kSchemaMinor);
  FileDescriptorProto frozen;
  ASSERT_TRUE(ReadFrozen(version, frozen))
      << "no frozen schema " << version << ": copy proto/tinyfair/model.proto to "
      << "tests/compat/schema/" << version << "/model.proto";
  const auto differences = Differences(SchemaOf(frozen), SchemaOf(Compiled()), true);
  EXPECT_TRUE(differences.empty())
      << "proto/tinyfair/model.proto differs from tests/compat/schema/" << version
      << "/model.proto, the schema of the version the host writes:\n"
      << Join(differences)
      << "A change that can change a decision needs a new version (schema_minor, and a "
         "ModelFeature the model requires, or schema_major); while "
      << version << " is unreleased, update its frozen copy.";
}

TEST(SchemaFreeze, EveryEarlierVersionIsKeptUnchanged) {
  const Schema compiled = SchemaOf(Compiled());
  int earlier = 0;
  for (uint32_t minor = 0; minor < tinyfair::host::model::kSchemaMinor; ++minor) {
    const std::string version = Version(tinyfair::host::model::kSchemaMajor, minor);
    FileDescriptorProto frozen;
    ASSERT_TRUE(ReadFrozen(version, frozen)) << "no frozen schema " << version;
    const auto differences = Differences(SchemaOf(frozen), compiled, false);
    EXPECT_TRUE(differences.empty()) << "schema " << version << " is not kept:\n"
                                     << Join(differences);
    ++earlier;
  }
  EXPECT_GT(earlier, 0);
}

// The check itself: a field added to the compiled schema, or one renumbered,
// is reported against the frozen copy.
TEST(SchemaFreeze, AnAddedOrChangedFieldIsReported) {
  const std::string version =
      Version(tinyfair::host::model::kSchemaMajor, tinyfair::host::model::kSchemaMinor);
  FileDescriptorProto frozen;
  ASSERT_TRUE(ReadFrozen(version, frozen));
  FileDescriptorProto changed = Compiled();
  for (auto& m : *changed.mutable_message_type()) {
    if (m.name() != "Model") continue;
    auto* field = m.add_field();
    field->set_name("score_shift");
    field->set_number(49);
    field->set_type(FieldDescriptorProto::TYPE_FLOAT);
    field->set_label(FieldDescriptorProto::LABEL_OPTIONAL);
  }
  auto added = Differences(SchemaOf(frozen), SchemaOf(changed), true);
  ASSERT_EQ(1U, added.size());
  EXPECT_EQ("tinyfair.Model#49 (score_shift type 2 label 1 ) was added", added[0]);

  changed = Compiled();
  for (auto& m : *changed.mutable_message_type()) {
    if (m.name() == "GroupRampRule") m.mutable_field(1)->set_number(7);
  }
  const auto renumbered = Differences(SchemaOf(frozen), SchemaOf(changed), true);
  EXPECT_EQ(2U, renumbered.size()) << Join(renumbered);
}

}  // namespace
