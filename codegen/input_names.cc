// Identifiers from untrusted names: letters and digits only, made unique.
#include "codegen/input_names.h"

#include <cstdio>
#include <set>
#include <stdexcept>
#include <vector>

#include "codegen/comment_text.h"

namespace tinyfair::codegen {
namespace {

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

char Upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

std::vector<std::string> Words(const std::string& raw) {
  std::vector<std::string> words;
  std::string word;
  for (char c : raw) {
    if (IsWordChar(c)) {
      word += c;
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// Identifiers already used in one scope; a repeated one gets _2, _3, ...
class Scope {
 public:
  std::string Unique(const std::string& identifier) {
    std::string candidate = identifier;
    for (int n = 2; !used_.insert(candidate).second; ++n) {
      candidate = identifier + "_" + std::to_string(n);
    }
    return candidate;
  }

 private:
  std::set<std::string> used_;
};

// The identifier part for a name, or a positional one when the name has no
// letters or digits.
std::string Part(const std::string& raw, const char* fallback, int index) {
  const std::string words = CamelCaseWords(raw);
  return words.empty() ? fallback + std::to_string(index) : words;
}

// The hash the model file carries, which Load compares (tinyfair export
// computes it from the inputs when it seals the file, and the file's CRC and
// content hash cover it).
uint64_t LayoutHash(const tinyfair::Model& model) {
  if (model.input_layout_hash() == 0) {
    throw std::runtime_error(
        "codegen: the model file carries no input layout hash; "
        "export it again with this version of tinyfair export");
  }
  return model.input_layout_hash();
}

std::string HashLiteral(uint64_t hash) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%016llxULL", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace

std::string CamelCaseWords(const std::string& raw) {
  std::string out;
  for (const std::string& word : Words(raw)) out += Upper(word[0]) + word.substr(1);
  return out;
}

std::string InputNamesCpp(const std::string& name, const tinyfair::Model& model) {
  Scope types;
  types.Unique(name + "Input");
  std::string out =
      "// The inputs in the order Decide() reads them, and each categorical\n"
      "// input's category indices: inputs[" +
      name + "Input::kAge] = ...;\n";
  out += "inline constexpr size_t k" + name +
         "InputCount = " + std::to_string(model.inputs_size()) + ";\n";
  out += "// Pass to Model::Load to refuse a model whose inputs differ from these.\n";
  out += "inline constexpr uint64_t k" + name +
         "InputLayoutHash = " + HashLiteral(LayoutHash(model)) + ";\n\n";
  out += "struct " + name + "Input {\n  enum Index : size_t {\n";
  Scope inputs;
  for (int i = 0; i < model.inputs_size(); ++i) {
    const auto& input = model.inputs(i);
    out += "    " + inputs.Unique("k" + Part(input.name(), "Input", i)) + " = " +
           std::to_string(i) + ",  // " + CommentText(input.name()) + "\n";
  }
  out += "  };\n};\n";
  for (int i = 0; i < model.inputs_size(); ++i) {
    const auto& input = model.inputs(i);
    if (input.kind() != tinyfair::Input::CATEGORICAL || input.category_count() == 0) continue;
    out += "\n// Categories of input " + std::to_string(i) + " (" + CommentText(input.name()) +
           "), passed as the input's value.\n";
    out += "struct " + types.Unique(name + Part(input.name(), "Input", i) + "Category") +
           " {\n  enum Index : uint32_t {\n";
    Scope categories;
    for (int j = 0; j < static_cast<int>(input.category_count()); ++j) {
      const std::string category = j < input.categories_size() ? input.categories(j) : "";
      out += "    " + categories.Unique("k" + Part(category, "Category", j)) + " = " +
             std::to_string(j) + ",  // " + CommentText(category) + "\n";
    }
    out += "  };\n};\n";
  }
  return out;
}

std::string InputNamesC(const std::string& name, const tinyfair::Model& model) {
  // One scope for the whole header: the macros' names are taken first, so an
  // input named "count" cannot become the macro k<Name>InputCount.
  Scope scope;
  for (const char* macro : {"InputCount", "InputLayoutHash", "Hash", "Size", ""}) {
    scope.Unique("k" + name + macro);
  }
  std::string out =
      "/* The inputs in the order tinyfair_model_decide reads them, and each\n"
      " * categorical input's category indices. */\n";
  out += "#define k" + name + "InputCount ((size_t)" + std::to_string(model.inputs_size()) + ")\n";
  out += "/* Pass to tinyfair_model_load_with_layout. */\n";
  out += "#define k" + name + "InputLayoutHash " + HashLiteral(LayoutHash(model)) + "\n\n";
  out += "enum {\n";
  for (int i = 0; i < model.inputs_size(); ++i) {
    const auto& input = model.inputs(i);
    out += "  " + scope.Unique("k" + name + "Input" + Part(input.name(), "Input", i)) + " = " +
           std::to_string(i) + ", /* " + CommentText(input.name()) + " */\n";
  }
  out += "};\n";
  for (int i = 0; i < model.inputs_size(); ++i) {
    const auto& input = model.inputs(i);
    if (input.kind() != tinyfair::Input::CATEGORICAL || input.category_count() == 0) continue;
    const std::string prefix = "k" + name + Part(input.name(), "Input", i) + "Category";
    out += "\n/* Categories of input " + std::to_string(i) + " (" + CommentText(input.name()) +
           "). */\nenum {\n";
    for (int j = 0; j < static_cast<int>(input.category_count()); ++j) {
      const std::string category = j < input.categories_size() ? input.categories(j) : "";
      out += "  " + scope.Unique(prefix + Part(category, "Category", j)) + " = " +
             std::to_string(j) + ", /* " + CommentText(category) + " */\n";
    }
    out += "};\n";
  }
  return out;
}

}  // namespace tinyfair::codegen
