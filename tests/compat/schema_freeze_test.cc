// The schema cannot change without its version. tests/compat/schema holds a
// frozen copy of every schema version, the one the host writes
// (host_tools/model_file.h) included. The schema compiled into this build
// must equal the frozen copy of its own version, message by message and
// field by field, and keep every field of every earlier version unchanged:
// a field added, removed, renumbered or retyped without a new version fails.
#include <gtest/gtest.h>

#include <string>

#include "google/protobuf/descriptor.pb.h"
#include "host_tools/model/model_file.h"
#include "tests/compat/schema_compare.h"
#include "tinyfair/model.pb.h"

namespace {

using google::protobuf::FieldDescriptorProto;
using google::protobuf::FileDescriptorProto;
using tinyfair::compat::Differences;
using tinyfair::compat::Join;
using tinyfair::compat::Schema;
using tinyfair::compat::SchemaOf;

std::string Version(uint32_t major, uint32_t minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

// The frozen schema of `version`, compiled by protoc at build time.
bool ReadFrozen(const std::string& version, FileDescriptorProto& file) {
  return tinyfair::compat::ReadDescriptorSet(
      std::string(TINYFAIR_FROZEN_SCHEMA_DIR) + "/" + version + ".pb", file);
}

FileDescriptorProto CompiledModelSchema() {
  FileDescriptorProto file;
  tinyfair::Model::descriptor()->file()->CopyTo(&file);
  return file;
}

TEST(SchemaFreeze, TheSchemaEqualsTheFrozenCopyOfItsVersion) {
  const std::string version =
      Version(tinyfair::host::model::kSchemaMajor, tinyfair::host::model::kSchemaMinor);
  FileDescriptorProto frozen;
  ASSERT_TRUE(ReadFrozen(version, frozen))
      << "no frozen schema " << version << ": copy proto/tinyfair/model.proto to "
      << "tests/compat/schema/" << version << "/model.proto";
  const auto differences = Differences(SchemaOf(frozen), SchemaOf(CompiledModelSchema()), true);
  EXPECT_TRUE(differences.empty())
      << "proto/tinyfair/model.proto differs from tests/compat/schema/" << version
      << "/model.proto, the schema of the version the host writes:\n"
      << Join(differences)
      << "A change that can change a decision needs a new version (schema_minor, and a "
         "ModelFeature the model requires, or schema_major); while "
      << version << " is unreleased, update its frozen copy.";
}

TEST(SchemaFreeze, EveryEarlierVersionIsKeptUnchanged) {
  const Schema compiled = SchemaOf(CompiledModelSchema());
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
  FileDescriptorProto changed = CompiledModelSchema();
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

  changed = CompiledModelSchema();
  for (auto& m : *changed.mutable_message_type()) {
    if (m.name() == "GroupRampRule") m.mutable_field(1)->set_number(7);
  }
  const auto renumbered = Differences(SchemaOf(frozen), SchemaOf(changed), true);
  EXPECT_EQ(2U, renumbered.size()) << Join(renumbered);
}

}  // namespace
