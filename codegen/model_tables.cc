// constexpr DecisionTables as C++17 source. Floats are written as hexadecimal
// literals, so every bit survives the trip through the compiler.
#include "codegen/model_tables.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "codegen/comment_text.h"
#include "codegen/header_name.h"
#include "codegen/input_names.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::codegen {
namespace {

using runtime::DecisionTables;
using runtime::RuleKind;

std::string FloatLiteral(float value) {
  if (std::isnan(value)) throw std::runtime_error("codegen: NaN in model tables");
  if (std::isinf(value)) return value > 0 ? "__builtin_inff()" : "-__builtin_inff()";
  char text[48];
  std::snprintf(text, sizeof(text), "%af", static_cast<double>(value));
  return text;
}

template <typename T>
std::string IntegerLiteral(T value) {
  if constexpr (std::is_signed_v<T>) {
    // The most negative int32 has no literal of its own type.
    if constexpr (sizeof(T) == sizeof(int32_t)) {
      if (value == std::numeric_limits<int32_t>::min()) return "(-2147483647 - 1)";
    }
    return std::to_string(value);
  } else {
    return std::to_string(value) + (sizeof(T) > 4 ? "ULL" : "U");
  }
}

class Writer {
 public:
  explicit Writer(std::string prefix) : prefix_(std::move(prefix)) {}

  // An array named k<Name><Field> of exactly `count` values; returns the
  // expression to point at it (nullptr when empty).
  template <typename T, typename Format>
  std::string Array(const char* type, const char* field, const T* values, size_t count,
                    Format format) {
    if (values == nullptr || count == 0) return "nullptr";
    const std::string name = "k" + prefix_ + field;
    arrays_ += "inline constexpr " + std::string(type) + " " + name + "[" + std::to_string(count) +
               "] = {";
    for (size_t i = 0; i < count; ++i) {
      arrays_ += (i % 6 == 0 ? "\n    " : " ") + format(values[i]) + ",";
    }
    arrays_ += "\n};\n";
    array_bytes_.push_back(count * sizeof(T));
    return name;
  }
  std::string Floats(const char* field, const float* values, size_t count) {
    return Array("float", field, values, count, FloatLiteral);
  }
  template <typename T>
  std::string Integers(const char* type, const char* field, const T* values, size_t count) {
    return Array(type, field, values, count, IntegerLiteral<T>);
  }
  const std::string& prefix() const { return prefix_; }
  const std::string& arrays() const { return arrays_; }
  // The size of each array written, in bytes.
  const std::vector<size_t>& array_bytes() const { return array_bytes_; }

 private:
  std::string prefix_;
  std::string arrays_;
  std::vector<size_t> array_bytes_;
};

const char* RuleName(RuleKind rule) {
  switch (rule) {
    case RuleKind::kThreshold:
      return "kThreshold";
    case RuleKind::kRamp:
      return "kRamp";
    case RuleKind::kTwoThreshold:
      return "kTwoThreshold";
    case RuleKind::kTruncatedLogistic:
      return "kTruncatedLogistic";
    case RuleKind::kMixture:
      return "kMixture";
    case RuleKind::kRegression:
      return "kRegression";
  }
  throw std::runtime_error("codegen: unknown rule kind");
}

// The integer path's tables (integer_decide.h), when the model has them:
// the initialiser of an IntegerTables object `i`.
std::string IntegerTablesBody(Writer& w, const DecisionTables& t) {
  if (t.integer == nullptr) return "";
  const runtime::IntegerTables& s = *t.integer;
  const size_t groups = t.group_count;
  const bool ramp = t.rule == RuleKind::kRamp;
  std::string body;
  auto set = [&body](const std::string& field, const std::string& value) {
    body += "  i." + field + " = " + value + ";\n";
  };
  set("fraction_bits", IntegerLiteral(s.fraction_bits));
  set("bias", IntegerLiteral(s.bias));
  set("input_shift", w.Integers("int8_t", "IntegerInputShift", s.input_shift, t.input_count));
  set("weights", w.Integers("int16_t", "IntegerWeights", s.weights, t.input_count));
  set("category_weights",
      w.Integers("int32_t", "IntegerCategoryWeights", s.category_weights, t.category_count));
  if (!ramp) {
    set("threshold", w.Integers("int32_t", "IntegerThreshold", s.threshold, groups));
    return body;
  }
  set("ramp_start", w.Integers("int32_t", "IntegerRampStart", s.ramp_start, groups));
  set("ramp_shift", w.Integers("uint8_t", "IntegerRampShift", s.ramp_shift, groups));
  set("ramp_probability", w.Integers("uint16_t", "IntegerRampProbability", s.ramp_probability,
                                     groups * runtime::kIntegerRampKnots));
  return body;
}

// The rule's own tables: the lines that set a per-group rule's tables in
// the DecisionTables object `t`, or a mixture's or a regression's in the
// MixtureOrRegressionTables object `r` that `t` is constructed from (the
// union member a constant uses is the one it is constructed with).
std::string RuleTablesBody(Writer& w, const DecisionTables& t) {
  const size_t groups = t.group_count;
  std::string body;
  if (runtime::UsesGroupRuleTables(t.rule)) {
    const auto& g = t.groups;
    auto set_group = [&body](const std::string& field, const std::string& value) {
      body += "  t.groups." + field + " = " + value + ";\n";
    };
    set_group("threshold", w.Floats("Threshold", g.threshold, groups));
    set_group("width", w.Floats("Width", g.width, groups));
    set_group("threshold0", w.Floats("Threshold0", g.threshold0, groups));
    set_group("probability0", w.Floats("Probability0", g.probability0, groups));
    set_group("threshold1", w.Floats("Threshold1", g.threshold1, groups));
    set_group("probability1", w.Floats("Probability1", g.probability1, groups));
    set_group("ignore", w.Floats("Ignore", g.ignore, groups));
    set_group("constant", w.Floats("Constant", g.constant, groups));
    set_group("cell_label1", w.Floats("CellLabel1", g.cell_label1, groups));
    set_group("cell_label0", w.Floats("CellLabel0", g.cell_label0, groups));
    set_group("criterion", "tinyfair::runtime::Criterion(" +
                               std::to_string(static_cast<int>(g.criterion)) + ")");
    set_group("denominator_epsilon", FloatLiteral(g.denominator_epsilon));
    return body;
  }
  const auto& m = t.mixture_or_regression.mixture;
  const auto& o = t.mixture_or_regression.output;
  auto set_other = [&body](const std::string& field, const std::string& value) {
    body += "  r." + field + " = " + value + ";\n";
  };
  set_other("mixture.member_count", IntegerLiteral(m.member_count));
  set_other("mixture.regress", m.regress ? "true" : "false");
  set_other("mixture.draw_bound",
            w.Integers("uint64_t", "MemberDrawBound", m.draw_bound, m.member_count));
  set_other("mixture.probability", w.Floats("MemberProbability", m.probability, m.member_count));
  set_other("mixture.bias", w.Floats("MemberBias", m.bias, m.member_count));
  set_other("mixture.weights",
            w.Floats("MemberWeights", m.weights, m.member_count * t.input_count));
  set_other("mixture.category_weights", w.Floats("MemberCategoryWeights", m.category_weights,
                                                 m.member_count * t.category_count));
  set_other("mixture.threshold", w.Floats("MemberThreshold", m.threshold, m.member_count));
  set_other("output.min", FloatLiteral(o.min));
  set_other("output.max", FloatLiteral(o.max));
  set_other("output.grid_size", IntegerLiteral(o.grid_size));
  set_other("output.grid_midpoint", o.grid_midpoint ? "true" : "false");
  return body;
}

// The arrays of the tables (written by `w`) and the initialiser of the
// DecisionTables object that points at them.
std::string TablesBody(Writer& w, const DecisionTables& t) {
  std::string body;
  auto set = [&body](const std::string& field, const std::string& value) {
    body += "  t." + field + " = " + value + ";\n";
  };
  char hash[32];
  std::snprintf(hash, sizeof(hash), "0x%016llxULL", static_cast<unsigned long long>(t.model_hash));
  set("model_hash", hash);
  set("input_count", IntegerLiteral(t.input_count));
  set("group_count", IntegerLiteral(t.group_count));
  set("category_count", IntegerLiteral(t.category_count));
  set("link", "tinyfair::runtime::Link(" + std::to_string(static_cast<int>(t.link)) + ")");
  set("bias", FloatLiteral(t.bias));
  set("weights", w.Floats("Weights", t.weights, t.input_count));
  set("categorical_count", IntegerLiteral(t.categorical_count));
  set("categorical_input",
      w.Integers("uint8_t", "CategoricalInput", t.categorical_input, t.categorical_count));
  set("category_count_of",
      w.Integers("uint16_t", "CategoryCountOf", t.category_count_of, t.categorical_count));
  set("category_weights", w.Floats("CategoryWeights", t.category_weights, t.category_count));
  set("other_category",
      w.Integers("uint32_t", "OtherCategory", t.other_category, (t.categorical_count + 31) / 32));
  set("group_form",
      "tinyfair::runtime::GroupForm(" + std::to_string(static_cast<int>(t.group_form)) + ")");
  set("attribute_count", IntegerLiteral(t.attribute_count));
  set("attribute_categorical",
      w.Integers("uint8_t", "AttributeCategorical", t.attribute_categorical, t.attribute_count));
  set("unknown_group_fallback", t.unknown_group_fallback ? "true" : "false");
  set("fallback_group", IntegerLiteral(t.fallback_group));
  set("rule", std::string("tinyfair::runtime::RuleKind::") + RuleName(t.rule));
  if (t.integer != nullptr) set("integer", "&k" + w.prefix() + "IntegerTables");
  return body;
}

// The DecisionTables object `t` of a constant, with the rule's own tables
// (RuleTablesBody): set in `t` for a per-group rule, or made first and `t`
// constructed from them.
std::string TablesObject(RuleKind rule, const std::string& rule_body) {
  if (runtime::UsesGroupRuleTables(rule))
    return "  tinyfair::runtime::DecisionTables t;\n" + rule_body;
  return "  tinyfair::runtime::MixtureOrRegressionTables r;\n" + rule_body +
         "  tinyfair::runtime::DecisionTables t(r);\n";
}

}  // namespace

std::string ModelTablesDefinitions(const std::string& name, const DecisionTables& t) {
  CheckHeaderName(name);
  Writer w(name);
  const std::string integer = IntegerTablesBody(w, t);
  const std::string body = TablesBody(w, t);
  const std::string rule = RuleTablesBody(w, t);
  std::string out = w.arrays();
  if (!integer.empty()) {
    out += "inline constexpr tinyfair::runtime::IntegerTables k" + name +
           "IntegerTables = [] {\n  tinyfair::runtime::IntegerTables i;\n" + integer +
           "  return i;\n}();\n";
  }
  return out + "inline constexpr tinyfair::runtime::DecisionTables k" + name + "Tables = [] {\n" +
         TablesObject(t.rule, rule) + body + "  return t;\n}();\n";
}

size_t ModelTablesArrayBytes(const DecisionTables& tables, size_t alignment) {
  Writer w("Count");
  (void)IntegerTablesBody(w, tables);
  (void)RuleTablesBody(w, tables);
  (void)TablesBody(w, tables);
  size_t total = 0;
  for (size_t bytes : w.array_bytes()) total += (bytes + alignment - 1) / alignment * alignment;
  return total;
}

namespace {

// An integer model's entry points (integer_decide.h): 16-bit inputs, and
// float inputs quantised as export quantised the data; never the float
// rule, which the host did not predict.
std::string IntegerDecideFunctions(const std::string& name) {
  std::string out;
  const std::string tables = "k" + name + "Tables";
  for (const char* input : {"IntegerInput", "DecisionInput"}) {
    const std::string call =
        std::string(input) == "IntegerInput" ? "DecideInteger" : "DecideQuantised";
    for (const char* draw : {"tinyfair::runtime::Pcg32& rng",
                             "tinyfair::runtime::KeyedDraws& draws", "uint32_t draw"}) {
      const std::string argument = std::string(draw).substr(std::string(draw).rfind(' ') + 1);
      const std::string function = argument == "draw" ? "DecideWithDraw" : "Decide";
      out += "inline tinyfair::runtime::Status " + function + name +
             "(const tinyfair::runtime::" + input + "& input,\n    " + draw +
             ", tinyfair::runtime::Decision& out) {\n  return tinyfair::runtime::" + call + "(" +
             tables + ", input, " + argument + ", out);\n}\n\n";
    }
  }
  return out + "}  // namespace tinyfair_models\n";
}

}  // namespace

std::string ModelTablesHeader(const std::string& name, const DecisionTables& tables,
                              const std::string& model_id, const std::string& source,
                              const std::string& declarations) {
  const std::string rule = std::string("tinyfair::runtime::RuleKind::") + RuleName(tables.rule);
  std::string out = "// Generated by `tinyfair codegen --tables` from " + CommentText(source) +
                    ": do not edit.\n";
  out += "// Model id: " + CommentText(model_id) +
         ". Decisions through these tables equal Model::Decide's.\n";
  out += "#pragma once\n\n#include <stddef.h>\n#include <stdint.h>\n\n";
  out += "#include \"tinyfair_runtime/decide.h\"\n";
  if (tables.integer != nullptr) {
    out += "#include \"tinyfair_runtime/integer_decide.h\"\n";
    out += "#include \"tinyfair_runtime/integer_quantise.h\"\n";
  }
  out += "\nnamespace tinyfair_models {\n\n" + declarations + (declarations.empty() ? "" : "\n") +
         ModelTablesDefinitions(name, tables) + "\n";
  if (tables.integer != nullptr) return out + IntegerDecideFunctions(name);
  out += "inline tinyfair::runtime::Status Decide" + name +
         "(const tinyfair::runtime::DecisionInput& input, tinyfair::runtime::Pcg32& rng,\n"
         "    tinyfair::runtime::Decision& out) {\n  return tinyfair::runtime::DecideAs<" +
         rule + ">(k" + name + "Tables, input, rng, out);\n}\n\n";
  out += "inline tinyfair::runtime::Status Decide" + name +
         "(const tinyfair::runtime::DecisionInput& input,\n"
         "    tinyfair::runtime::KeyedDraws& draws, tinyfair::runtime::Decision& out) {\n"
         "  return tinyfair::runtime::DecideAs<" +
         rule + ">(k" + name + "Tables, input, draws, out);\n}\n\n";
  out += "inline tinyfair::runtime::Status DecideWithDraw" + name +
         "(const tinyfair::runtime::DecisionInput& input, uint32_t draw,\n"
         "    tinyfair::runtime::Decision& out) {\n  return tinyfair::runtime::DecideAs<" +
         rule + ">(k" + name + "Tables, input, draw, out);\n}\n\n}  // namespace tinyfair_models\n";
  return out;
}

namespace {

// One C function of a `--language c` tables header: its name, its
// parameters and the body's call of the C API's tables path (c_tables.h).
struct CEntryPoint {
  std::string function;
  std::string inputs;  // the parameters before the draw's
  std::string draw;    // the draw's parameter
  std::string call;
};

// Decide<Name>, DecideKeyed<Name>, DecideWithDraw<Name> for float inputs
// and, for a model with an integer scorer, DecideInteger<Name>,
// DecideIntegerKeyed<Name>, DecideIntegerWithDraw<Name> for 16-bit ones.
// The float functions of an integer model decide by DecideQuantised, as
// Model::Decide does: never the float rule, which the host did not predict.
std::vector<CEntryPoint> CEntryPoints(const std::string& name, const DecisionTables& tables) {
  struct DrawForm {
    const char* form;
    const char* parameter;
  };
  const DrawForm draws[] = {{"", "tinyfair_rng* rng"},
                            {"Keyed", "tinyfair_keyed_draws* draws"},
                            {"WithDraw", "uint32_t draw"}};
  const std::string decider = tables.integer != nullptr
                                  ? std::string("&tinyfair::runtime::DecideQuantised")
                                  : "&tinyfair::runtime::DecideAs<tinyfair::runtime::RuleKind::" +
                                        std::string(RuleName(tables.rule)) + ">";
  const std::string table = "tinyfair_models::k" + name + "Tables";
  std::vector<CEntryPoint> functions;
  for (const bool integer : {false, true}) {
    if (integer && tables.integer == nullptr) break;
    for (const DrawForm& draw : draws) {
      const std::string parameter = draw.parameter;
      const std::string argument = parameter.substr(parameter.rfind(' ') + 1);
      CEntryPoint f;
      f.function = std::string(integer ? "DecideInteger" : "Decide") + draw.form + name;
      f.inputs = std::string(integer ? "const int16_t*" : "const float*") +
                 " inputs, size_t count, uint32_t group";
      f.draw = parameter;
      f.call = std::string("tinyfair::runtime::Decide") + (integer ? "Integer" : "") + "Tables" +
               draw.form + "ForC(" + (integer ? "" : decider + ",\n      ") + table +
               ", inputs, count, group, " + argument + ", out)";
      functions.push_back(f);
    }
  }
  return functions;
}

// The comment before the declarations: what the functions decide like.
std::string CEntryPointsComment(const DecisionTables& tables) {
  if (tables.integer == nullptr) {
    return "/* As tinyfair_model_decide, tinyfair_model_decide_keyed and\n"
           " * tinyfair_model_decide_with_draw. */\n";
  }
  return "/* As tinyfair_model_decide, tinyfair_model_decide_keyed and\n"
         " * tinyfair_model_decide_with_draw: the model's integer scorer decides,\n"
         " * the float inputs quantised as export quantised the data.\n"
         " * DecideInteger* take one 16-bit integer per input instead, in the same\n"
         " * order: a numeric input x as round(x * 2^input_shift) (the shifts are\n"
         " * in `tinyfair inspect`'s integer scorer), a categorical input as its\n"
         " * category index; they do no float arithmetic (docs/integer_path.md). */\n";
}

}  // namespace

std::string ModelTablesHeaderC(const std::string& name, const DecisionTables& tables,
                               const std::string& model_id, const std::string& source,
                               const std::string& declarations) {
  std::string upper;
  for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string guard = "TINYFAIR_MODEL_TABLES_" + upper + "_H_";
  const std::string implementation = "TINYFAIR_" + upper + "_TABLES_IMPLEMENTATION";
  const std::vector<CEntryPoint> functions = CEntryPoints(name, tables);
  std::string out = "/* Generated by `tinyfair codegen --tables --language c` from " +
                    CommentText(source) + ": do not edit.\n * Model id: " + CommentText(model_id) +
                    ". Decisions through these tables equal tinyfair_model_decide's.\n *\n"
                    " * C firmware includes this header; one C++ source defines\n * " +
                    implementation +
                    " before including it, which compiles the constexpr\n"
                    " * tables and the " +
                    (functions.size() == 3 ? "three" : "six") +
                    " functions (no decoder is linked). */\n";
  out += "#ifndef " + guard + "\n#define " + guard +
         "\n\n#include <stddef.h>\n#include <stdint.h>\n\n"
         "#include \"tinyfair_runtime/tinyfair.h\"\n\n";
  out += declarations + "\n";
  out += "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n" + CEntryPointsComment(tables);
  for (const CEntryPoint& f : functions) {
    out += "tinyfair_status " + f.function + "(" + f.inputs + ", " + f.draw +
           ",\n    tinyfair_decision* out);\n";
  }
  out += "\n#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif\n\n";
  out += "#if defined(__cplusplus) && defined(" + implementation + ")\n";
  out += "#include \"tinyfair_runtime/c_tables.h\"\n";
  if (tables.integer != nullptr) out += "#include \"tinyfair_runtime/integer_quantise.h\"\n";
  out += "\nnamespace tinyfair_models {\n\n" + ModelTablesDefinitions(name, tables) +
         "\n}  // namespace tinyfair_models\n";
  for (const CEntryPoint& f : functions) {
    out += "\nextern \"C\" tinyfair_status " + f.function + "(" + f.inputs + ",\n    " + f.draw +
           ", tinyfair_decision* out) {\n  return " + f.call + ";\n}\n";
  }
  out += "#endif  /* " + implementation + " */\n\n#endif  /* " + guard + " */\n";
  return out;
}

}  // namespace tinyfair::codegen
