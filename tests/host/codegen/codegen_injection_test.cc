// Generated headers cannot be injected into: headers generated from models
// with hostile ids, file names, input names and category names (newlines,
// comment ends, a backslash that would splice the next line, trigraphs,
// control bytes, non-ASCII, a long name) compile and define exactly the
// macros a header from a plain model defines.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/comment_text.h"
#include "codegen/model_header.h"
#include "codegen/model_tables.h"
#include "codegen/public_key_header.h"
#include "codegen/unit_test_source.h"
#include "host_tools/model/model_file.h"
#include "host_tools/simulate/generated_header.h"
#include "test_models.h"
#include "tests/host/codegen/hostile_names.h"
#include "tinyfair_runtime/model.h"

namespace {

// The small ramp model with another id, sealed as the exporter seals it.
std::string WithId(const std::string& id) {
  tinyfair::Model model;
  EXPECT_TRUE(model.ParseFromArray(tinyfair_models::kSmallRampModel,
                                   static_cast<int>(tinyfair_models::kSmallRampModelSize)));
  model.set_model_id(id);
  return tinyfair::host::model::SealModel(model);
}

// A directory of this test's own: ctest runs the tests of this file in
// parallel processes.
std::string ScratchDir() {
  const std::string dir = ::testing::TempDir() + "/codegen_injection_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                          std::to_string(getpid());
  std::system(("mkdir -p '" + dir + "'").c_str());
  return dir;
}

std::string Run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "popen failed";
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) out.append(buffer, n);
  const int status = pclose(pipe);
  return status == 0 ? out : "exit status " + std::to_string(status) + ":\n" + out;
}

// The names of the macros a header defines: `-dM -E` of a file that
// includes it, less those of an empty file (values differ with the model:
// its size and hash).
std::string DefinedMacros(const std::string& header_text, bool c) {
  const std::string dir = ScratchDir();
  const std::string header = dir + "/injection_model.h";
  const std::string source = dir + (c ? "/injection_main.c" : "/injection_main.cc");
  const std::string empty = dir + (c ? "/injection_empty.c" : "/injection_empty.cc");
  std::ofstream(header, std::ios::binary) << header_text;
  std::ofstream(source) << "#include \"injection_model.h\"\n";
  std::ofstream(empty) << "\n";
  const std::string compiler = c ? std::string(TINYFAIR_TEST_C_COMPILER) + " -std=c11"
                                 : std::string(TINYFAIR_TEST_CXX_COMPILER) + " -std=c++17";
  const std::string flags = " " TINYFAIR_TEST_INCLUDE_FLAGS " -dM -E ";
  const std::string all = Run(compiler + flags + source + " | sort");
  const std::string base = Run(compiler + flags + empty + " | sort");
  std::istringstream a(all), b(base);
  std::vector<std::string> base_lines;
  for (std::string line; std::getline(b, line);) {
    base_lines.push_back(line.substr(0, line.find_first_of(" (", sizeof("#define"))));
  }
  std::string out;
  for (std::string line; std::getline(a, line);) {
    line = line.substr(0, line.find_first_of(" (", sizeof("#define")));
    bool known = false;
    for (const auto& l : base_lines) known = known || l == line;
    if (!known) out += line + "\n";
  }
  return out;
}

bool Compiles(const std::string& header_text, bool c) {
  const std::string dir = ScratchDir();
  const std::string header = dir + "/injection_model.h";
  const std::string source = dir + (c ? "/injection_main.c" : "/injection_main.cc");
  std::ofstream(header, std::ios::binary) << header_text;
  std::ofstream(source) << "#include \"injection_model.h\"\n";
  const std::string compiler = c ? std::string(TINYFAIR_TEST_C_COMPILER) + " -std=c11"
                                 : std::string(TINYFAIR_TEST_CXX_COMPILER) + " -std=c++17";
  return Run(compiler + " " TINYFAIR_TEST_INCLUDE_FLAGS " -fsyntax-only -Werror " + source +
             " 2>&1")
      .empty();
}

const std::vector<std::string>& kHostile = tinyfair::hostile::HostileNames();

struct Flavour {
  const char* what;
  bool c;
  std::string (*make)(const std::string& bytes, const std::string& source);
};

std::string TablesHeader(const std::string& bytes, const std::string& source) {
  auto model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  EXPECT_EQ(tinyfair::runtime::Status::kOk,
            model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  return tinyfair::codegen::ModelTablesHeader("HostileModel", model->tables(), model->model_id(),
                                              source);
}

// Any header, as `tinyfair codegen` writes it (GeneratedHeader).
std::string CodegenHeader(const std::string& bytes, const std::string& source, const char* language,
                          bool tables) {
  tinyfair::host::simulate::HeaderRequest request;
  request.name = "HostileModel";
  request.language = language;
  request.tables = tables;
  request.source = source;
  return tinyfair::host::simulate::GeneratedHeader(request, bytes);
}

const Flavour kFlavours[] = {
    {"bytes, C++", false,
     [](const std::string& b, const std::string& s) {
       return tinyfair::codegen::ModelBytesHeader("HostileModel", b, s);
     }},
    {"bytes, C", true,
     [](const std::string& b, const std::string& s) {
       return tinyfair::codegen::ModelBytesHeaderC("HostileModel", b, s);
     }},
    {"tables", false, TablesHeader},
    {"tables, C", true,
     [](const std::string& b, const std::string& s) { return CodegenHeader(b, s, "c", true); }},
};

TEST(CodegenInjection, HostileIdsDefineNothingElse) {
  for (const Flavour& flavour : kFlavours) {
    const std::string plain = flavour.make(WithId("plain"), "model.pb");
    const std::string expected = DefinedMacros(plain, flavour.c);
    ASSERT_TRUE(Compiles(plain, flavour.c)) << flavour.what;
    ASSERT_FALSE(expected.empty() && flavour.c) << flavour.what;
    for (const std::string& id : kHostile) {
      const std::string header = flavour.make(WithId(id), "model.pb");
      EXPECT_TRUE(Compiles(header, flavour.c)) << flavour.what << ": " << header;
      EXPECT_EQ(expected, DefinedMacros(header, flavour.c)) << flavour.what << ": " << header;
    }
  }
}

TEST(CodegenInjection, HostileFileNamesDefineNothingElse) {
  const std::string bytes = WithId("plain");
  for (const Flavour& flavour : kFlavours) {
    const std::string expected = DefinedMacros(flavour.make(bytes, "model.pb"), flavour.c);
    for (const std::string& name : kHostile) {
      const std::string header = flavour.make(bytes, name + ".pb");
      EXPECT_TRUE(Compiles(header, flavour.c)) << flavour.what << ": " << header;
      EXPECT_EQ(expected, DefinedMacros(header, flavour.c)) << flavour.what << ": " << header;
    }
  }
}

// The model with a categorical input, its input and category names made
// hostile (each name one of kHostile, in turn), sealed as export seals it.
std::string WithHostileNames() {
  tinyfair::Model model;
  EXPECT_TRUE(model.ParseFromArray(tinyfair_models::kOtherCategoryModel,
                                   static_cast<int>(tinyfair_models::kOtherCategoryModelSize)));
  size_t next = 0;
  bool categorical = false;
  for (auto& input : *model.mutable_inputs()) {
    input.set_name(kHostile[next++ % kHostile.size()]);
    for (auto& category : *input.mutable_categories()) {
      category = kHostile[next++ % kHostile.size()];
      categorical = true;
    }
  }
  EXPECT_TRUE(categorical) << "the model has no category names to make hostile";
  return tinyfair::host::model::SealModel(model);
}

TEST(CodegenInjection, HostileInputAndCategoryNamesDefineNothingElse) {
  const std::string plain(reinterpret_cast<const char*>(tinyfair_models::kOtherCategoryModel),
                          tinyfair_models::kOtherCategoryModelSize);
  const std::string hostile = WithHostileNames();
  for (const char* language : {"c++", "c"}) {
    for (const bool tables : {false, true}) {
      const bool c = std::string(language) == "c";
      const std::string what = std::string(language) + (tables ? " tables" : " bytes");
      const std::string expected = DefinedMacros(CodegenHeader(plain, "m.pb", language, tables), c);
      const std::string header = CodegenHeader(hostile, "m.pb", language, tables);
      EXPECT_TRUE(Compiles(header, c)) << what << ": " << header;
      EXPECT_EQ(expected, DefinedMacros(header, c)) << what << ": " << header;
    }
  }
}

// The public key's header (codegen --public-key) names its key file: a
// hostile name defines nothing else, from C and from C++, and every header
// compiles with -Werror in both.
TEST(CodegenInjection, HostileKeyFileNamesDefineNothingElse) {
  std::array<uint8_t, tinyfair::codegen::kPublicKeyBytes> key{};
  for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<uint8_t>(0xA5U ^ i);
  const auto header_of = [&key](const std::string& source) {
    return tinyfair::codegen::PublicKeyHeader("Product", key, 0x0123456789abcdefULL, source);
  };
  for (const bool c : {true, false}) {
    const std::string plain = header_of("product.key.pub");
    ASSERT_TRUE(Compiles(plain, c)) << plain;
    const std::string expected = DefinedMacros(plain, c);
    EXPECT_NE(std::string::npos, expected.find("kProductPublicKeyId")) << expected;
    for (const std::string& name : kHostile) {
      const std::string header = header_of(name);
      EXPECT_TRUE(Compiles(header, c)) << (c ? "C: " : "C++: ") << header;
      EXPECT_EQ(expected, DefinedMacros(header, c)) << header;
    }
  }
}

// A generated unit test (codegen --unit-test) names its model file, its
// data file and the model's id in its first comment: hostile ones leave the
// code (the source without its comments, as the C compiler strips them)
// exactly as plain ones do.
std::string WithoutComments(const std::string& source_text) {
  const std::string dir = ScratchDir();
  const std::string source = dir + "/injection_unit_test.c";
  std::ofstream(source, std::ios::binary) << source_text;
  // GCC's -fpreprocessed drops the comments and leaves includes and macros
  // as they are; clang has no such mode, so GCC does it in every build.
  return Run(std::string(TINYFAIR_TEST_GCC) + " -std=c11 -fpreprocessed -dD -E -P " + source);
}

tinyfair::codegen::UnitTestCase PlainUnitTest() {
  tinyfair::codegen::UnitTestCase test;
  test.name = "HostileModel";
  test.model_header = "models/hostile_model.h";
  test.model_source = "model.pb";
  test.data_source = "rows.csv";
  test.model_id = "plain";
  test.input_count = 2;
  test.inputs = {1.0f, 2.0f};
  test.records = {
      "136150057d32ec8d,00,00000000,3cdbeebe,3f0194e8,a487a088,0,00,00000000,"
      "0000000000000000"};
  return test;
}

TEST(CodegenInjection, HostileNamesInAUnitTestLeaveItsCodeAsItIs) {
  for (const char* language : {"c", "ztest"}) {
    tinyfair::codegen::UnitTestCase test = PlainUnitTest();
    test.language = language;
    const std::string expected = WithoutComments(tinyfair::codegen::UnitTestSource(test));
    ASSERT_NE(std::string::npos, expected.find("int tinyfair_unit_test_HostileModel(void)"))
        << expected;
    for (const std::string& name : kHostile) {
      tinyfair::codegen::UnitTestCase hostile = test;
      hostile.model_source = name + ".pb";
      hostile.data_source = name + ".csv";
      hostile.model_id = name;
      const std::string source = tinyfair::codegen::UnitTestSource(hostile);
      EXPECT_EQ(expected, WithoutComments(source)) << language << ": " << source;
    }
  }
}

TEST(CodegenInjection, AUnitTestRefusesAHeaderNameThatIsNotAnIncludeName) {
  for (const std::string& header :
       {std::string("../secret.h"), std::string("/abs/model.h"), std::string("a\"b.h"),
        std::string("m.h\n#define X 1"), std::string("m.h> //"), std::string("")}) {
    tinyfair::codegen::UnitTestCase test = PlainUnitTest();
    test.model_header = header;
    EXPECT_THROW(tinyfair::codegen::UnitTestSource(test), std::invalid_argument) << header;
  }
  for (const std::string& name : kHostile) {
    tinyfair::codegen::UnitTestCase test = PlainUnitTest();
    test.name = name;
    EXPECT_THROW(tinyfair::codegen::UnitTestSource(test), std::invalid_argument) << name;
    test = PlainUnitTest();
    test.records = {name};
    EXPECT_THROW(tinyfair::codegen::UnitTestSource(test), std::invalid_argument) << name;
  }
}

TEST(CodegenInjection, ALongFileNameIsCut) {
  const std::string header = tinyfair::codegen::ModelBytesHeader("HostileModel", WithId("plain"),
                                                                 std::string(1 << 20, 'a'));
  EXPECT_LT(header.size(), 8192U);
}

TEST(CodegenInjection, CommentTextEscapesWhatCouldLeaveTheComment) {
  using tinyfair::codegen::CommentText;
  EXPECT_EQ("plain-id_1.pb", CommentText("plain-id_1.pb"));
  EXPECT_EQ("ok\\x0A#define IsOk(s)", CommentText("ok\n#define IsOk(s)"));
  EXPECT_EQ("x \\x2A/", CommentText("x */"));
  EXPECT_EQ("a\\x5C", CommentText("a\\"));
  EXPECT_EQ("\\x3F\\x3F/", CommentText("?\?/"));
  EXPECT_EQ("abc...", CommentText("abcdef", 3));
}

}  // namespace
