// Firmware that decides every golden model's vectors through every way a
// firmware can decide: the C++ Model, the C API (tinyfair.h), the generated
// C++ tables (`codegen --tables`) and C tables (`codegen --tables --language
// c`), each with PCG32, keyed draws and the caller's draw, and for a model
// with an integer scorer the same with 16-bit inputs. One case is a golden
// model through one entry point (kEntryPoints, one row each): the image
// prints "# case <model> <entry point> <host log>" and the case's decision
// log, which must equal that log of the host's records (run_parity.cmake
// compares case by case). Lines starting with "# " are notes.
#include <stdint.h>
#include <string.h>

#if __has_include(<new>)
#include <new>
#else
// A toolchain without a C++ library (riscv32_virt): the placement form, as
// runtime/c_api.cc declares it there.
inline void* operator new(size_t, void* where) noexcept { return where; }
#endif

#include "golden_c_tables.h"
#include "golden_cpp_tables.h"
#include "targets/common/board.h"
#include "targets/common/semihosting.h"
#include "test_models.h"
#include "tests/golden/golden_draws.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/tinyfair.h"
#include "vector_replay.h"

namespace {

using namespace tinyfair::runtime;
namespace target = tinyfair::target;
using tinyfair::testing::GoldenCppTables;
using tinyfair::testing::RecordWriter;
using tinyfair::testing::VectorReader;

// What a case reads (the golden .tfv or its 16-bit rows, .tfi) and the draws
// it decides with: together they name the host log it must equal.
enum class Inputs { kFloat, kInteger };
enum class Draws { kPcg32, kKeyed, kWithDraw };
// What an entry point needs loaded: the C++ Model or the C API's model
// (tables need nothing).
enum class Loaded { kNothing, kModel, kCModel };

// The draw sources of one case, each seeded as the host's log was.
struct DrawSources {
  Pcg32 rng;
  KeyedDraws keyed;
  tinyfair_rng c_rng;
  tinyfair_keyed_draws c_keyed;
  uint32_t draw;  // the caller's draw of the current row
};

// One row of a case: float or 16-bit inputs, as the case reads.
struct Row {
  const float* values;
  const int16_t* integers;
  size_t count;
  uint32_t group;
};

// The golden model of a case, through each way it can be decided.
struct Subject {
  const Model* model;
  const tinyfair_model* c_model;
  const GoldenCppTables* cpp_tables;
  const golden_c_tables* c_tables;
};

// Decides one row by an entry point and formats its record into `line`
// (kDecisionRecordLineSize bytes); the record's length, 0 when the subject
// lacks the entry point (a generated function missing).
using DecideRow = size_t (*)(const Subject&, const Row&, DrawSources&, char* line);

struct EntryPoint {
  const char* name;
  Inputs inputs;
  Draws draws;
  Loaded loaded;
  DecideRow decide;
};

DecisionInput FloatInput(const Row& row) {
  DecisionInput input;
  input.values = row.values;
  input.count = row.count;
  input.group = row.group;
  return input;
}

IntegerInput IntegerRow(const Row& row) {
  IntegerInput input;
  input.values = row.integers;
  input.count = row.count;
  input.group = row.group;
  return input;
}

size_t Format(const Decision& decision, char* line) {
  return FormatDecisionRecord(decision, line, kDecisionRecordLineSize);
}

// The C entry points' records, formatted by the C API.
static_assert(kDecisionRecordLineSize >= TINYFAIR_DECISION_LINE_BYTES, "a C record fits a line");
size_t FormatC(const tinyfair_decision& decision, char* line) {
  return tinyfair_format_decision(&decision, line, kDecisionRecordLineSize);
}

// The C++ Model and the runtime's integer path on its tables.
template <Draws kDraws>
size_t ByModel(const Subject& s, const Row& row, DrawSources& d, char* line) {
  Decision out;
  if constexpr (kDraws == Draws::kPcg32) (void)s.model->Decide(FloatInput(row), d.rng, out);
  if constexpr (kDraws == Draws::kKeyed) (void)s.model->Decide(FloatInput(row), d.keyed, out);
  if constexpr (kDraws == Draws::kWithDraw)
    (void)s.model->DecideWithDraw(FloatInput(row), d.draw, out);
  return Format(out, line);
}

template <Draws kDraws>
size_t ByModelInteger(const Subject& s, const Row& row, DrawSources& d, char* line) {
  Decision out;
  const DecisionTables& tables = s.model->tables();
  if constexpr (kDraws == Draws::kPcg32) (void)DecideInteger(tables, IntegerRow(row), d.rng, out);
  if constexpr (kDraws == Draws::kKeyed) (void)DecideInteger(tables, IntegerRow(row), d.keyed, out);
  if constexpr (kDraws == Draws::kWithDraw)
    (void)DecideInteger(tables, IntegerRow(row), d.draw, out);
  return Format(out, line);
}

// The C API's decoder.
template <Draws kDraws>
size_t ByCApi(const Subject& s, const Row& row, DrawSources& d, char* line) {
  tinyfair_decision out;
  const tinyfair_model* m = s.c_model;
  if constexpr (kDraws == Draws::kPcg32) {
    (void)tinyfair_model_decide(m, row.values, row.count, row.group, &d.c_rng, &out);
  }
  if constexpr (kDraws == Draws::kKeyed) {
    (void)tinyfair_model_decide_keyed(m, row.values, row.count, row.group, &d.c_keyed, &out);
  }
  if constexpr (kDraws == Draws::kWithDraw) {
    (void)tinyfair_model_decide_with_draw(m, row.values, row.count, row.group, d.draw, &out);
  }
  return FormatC(out, line);
}

template <Draws kDraws>
size_t ByCApiInteger(const Subject& s, const Row& row, DrawSources& d, char* line) {
  tinyfair_decision out;
  const tinyfair_model* m = s.c_model;
  if constexpr (kDraws == Draws::kPcg32) {
    (void)tinyfair_model_decide_integer(m, row.integers, row.count, row.group, &d.c_rng, &out);
  }
  if constexpr (kDraws == Draws::kKeyed) {
    (void)tinyfair_model_decide_integer_keyed(m, row.integers, row.count, row.group, &d.c_keyed,
                                              &out);
  }
  if constexpr (kDraws == Draws::kWithDraw) {
    (void)tinyfair_model_decide_integer_with_draw(m, row.integers, row.count, row.group, d.draw,
                                                  &out);
  }
  return FormatC(out, line);
}

// The generated C++ tables.
template <Draws kDraws>
size_t ByCppTables(const Subject& s, const Row& row, DrawSources& d, char* line) {
  Decision out;
  const GoldenCppTables* t = s.cpp_tables;
  if constexpr (kDraws == Draws::kPcg32) (void)t->decide(FloatInput(row), d.rng, out);
  if constexpr (kDraws == Draws::kKeyed) (void)t->decide_keyed(FloatInput(row), d.keyed, out);
  if constexpr (kDraws == Draws::kWithDraw) (void)t->decide_with_draw(FloatInput(row), d.draw, out);
  return Format(out, line);
}

template <Draws kDraws>
size_t ByCppTablesInteger(const Subject& s, const Row& row, DrawSources& d, char* line) {
  Decision out;
  const GoldenCppTables* t = s.cpp_tables;
  if (t->decide_integer == nullptr) return 0;
  if constexpr (kDraws == Draws::kPcg32) (void)t->decide_integer(IntegerRow(row), d.rng, out);
  if constexpr (kDraws == Draws::kKeyed) {
    (void)t->decide_integer_keyed(IntegerRow(row), d.keyed, out);
  }
  if constexpr (kDraws == Draws::kWithDraw) {
    (void)t->decide_integer_with_draw(IntegerRow(row), d.draw, out);
  }
  return Format(out, line);
}

// The generated C tables.
template <Draws kDraws>
size_t ByCTables(const Subject& s, const Row& row, DrawSources& d, char* line) {
  tinyfair_decision out;
  const golden_c_tables* t = s.c_tables;
  if constexpr (kDraws == Draws::kPcg32) {
    (void)t->decide(row.values, row.count, row.group, &d.c_rng, &out);
  }
  if constexpr (kDraws == Draws::kKeyed) {
    (void)t->decide_keyed(row.values, row.count, row.group, &d.c_keyed, &out);
  }
  if constexpr (kDraws == Draws::kWithDraw) {
    (void)t->decide_with_draw(row.values, row.count, row.group, d.draw, &out);
  }
  return FormatC(out, line);
}

template <Draws kDraws>
size_t ByCTablesInteger(const Subject& s, const Row& row, DrawSources& d, char* line) {
  tinyfair_decision out;
  const golden_c_tables* t = s.c_tables;
  if (t->decide_integer == nullptr) return 0;
  if constexpr (kDraws == Draws::kPcg32) {
    (void)t->decide_integer(row.integers, row.count, row.group, &d.c_rng, &out);
  }
  if constexpr (kDraws == Draws::kKeyed) {
    (void)t->decide_integer_keyed(row.integers, row.count, row.group, &d.c_keyed, &out);
  }
  if constexpr (kDraws == Draws::kWithDraw) {
    (void)t->decide_integer_with_draw(row.integers, row.count, row.group, d.draw, &out);
  }
  return FormatC(out, line);
}

// The matrix: every golden model through every row; a 16-bit row is a case
// only for a model with an integer scorer.
constexpr EntryPoint kEntryPoints[] = {
    {"model_decide", Inputs::kFloat, Draws::kPcg32, Loaded::kModel, &ByModel<Draws::kPcg32>},
    {"model_decide_keyed", Inputs::kFloat, Draws::kKeyed, Loaded::kModel, &ByModel<Draws::kKeyed>},
    {"model_decide_with_draw", Inputs::kFloat, Draws::kWithDraw, Loaded::kModel,
     &ByModel<Draws::kWithDraw>},
    {"model_tables_decide_integer", Inputs::kInteger, Draws::kPcg32, Loaded::kModel,
     &ByModelInteger<Draws::kPcg32>},
    {"model_tables_decide_integer_keyed", Inputs::kInteger, Draws::kKeyed, Loaded::kModel,
     &ByModelInteger<Draws::kKeyed>},
    {"model_tables_decide_integer_with_draw", Inputs::kInteger, Draws::kWithDraw, Loaded::kModel,
     &ByModelInteger<Draws::kWithDraw>},
    {"c_api_decide", Inputs::kFloat, Draws::kPcg32, Loaded::kCModel, &ByCApi<Draws::kPcg32>},
    {"c_api_decide_keyed", Inputs::kFloat, Draws::kKeyed, Loaded::kCModel, &ByCApi<Draws::kKeyed>},
    {"c_api_decide_with_draw", Inputs::kFloat, Draws::kWithDraw, Loaded::kCModel,
     &ByCApi<Draws::kWithDraw>},
    {"c_api_decide_integer", Inputs::kInteger, Draws::kPcg32, Loaded::kCModel,
     &ByCApiInteger<Draws::kPcg32>},
    {"c_api_decide_integer_keyed", Inputs::kInteger, Draws::kKeyed, Loaded::kCModel,
     &ByCApiInteger<Draws::kKeyed>},
    {"c_api_decide_integer_with_draw", Inputs::kInteger, Draws::kWithDraw, Loaded::kCModel,
     &ByCApiInteger<Draws::kWithDraw>},
    {"cpp_tables_decide", Inputs::kFloat, Draws::kPcg32, Loaded::kNothing,
     &ByCppTables<Draws::kPcg32>},
    {"cpp_tables_decide_keyed", Inputs::kFloat, Draws::kKeyed, Loaded::kNothing,
     &ByCppTables<Draws::kKeyed>},
    {"cpp_tables_decide_with_draw", Inputs::kFloat, Draws::kWithDraw, Loaded::kNothing,
     &ByCppTables<Draws::kWithDraw>},
    {"cpp_tables_decide_integer", Inputs::kInteger, Draws::kPcg32, Loaded::kNothing,
     &ByCppTablesInteger<Draws::kPcg32>},
    {"cpp_tables_decide_integer_keyed", Inputs::kInteger, Draws::kKeyed, Loaded::kNothing,
     &ByCppTablesInteger<Draws::kKeyed>},
    {"cpp_tables_decide_integer_with_draw", Inputs::kInteger, Draws::kWithDraw, Loaded::kNothing,
     &ByCppTablesInteger<Draws::kWithDraw>},
    {"c_tables_decide", Inputs::kFloat, Draws::kPcg32, Loaded::kNothing, &ByCTables<Draws::kPcg32>},
    {"c_tables_decide_keyed", Inputs::kFloat, Draws::kKeyed, Loaded::kNothing,
     &ByCTables<Draws::kKeyed>},
    {"c_tables_decide_with_draw", Inputs::kFloat, Draws::kWithDraw, Loaded::kNothing,
     &ByCTables<Draws::kWithDraw>},
    {"c_tables_decide_integer", Inputs::kInteger, Draws::kPcg32, Loaded::kNothing,
     &ByCTablesInteger<Draws::kPcg32>},
    {"c_tables_decide_integer_keyed", Inputs::kInteger, Draws::kKeyed, Loaded::kNothing,
     &ByCTablesInteger<Draws::kKeyed>},
    {"c_tables_decide_integer_with_draw", Inputs::kInteger, Draws::kWithDraw, Loaded::kNothing,
     &ByCTablesInteger<Draws::kWithDraw>},
};

// One model's storage, for the C++ Model or the C API's model in turn: both
// at once would not fit the micro:bit's 16 KiB of RAM.
using StoredModel = ModelWithStorage<>;
constexpr size_t kModelStorageBytes = sizeof(StoredModel) > sizeof(tinyfair_model)
                                          ? sizeof(StoredModel)
                                          : sizeof(tinyfair_model);
alignas(StoredModel) alignas(tinyfair_model) unsigned char g_model_storage[kModelStorageBytes];
Loaded g_loaded = Loaded::kNothing;

float g_values[kMaxInputs];
int16_t g_integers[kMaxInputs];

long Fail(const char* model, const char* entry_point, const char* message) {
  target::WriteString("# entry_point_matrix: ");
  target::WriteString(model);
  if (entry_point != nullptr) {
    target::WriteString(" ");
    target::WriteString(entry_point);
  }
  target::WriteString(": ");
  target::WriteString(message);
  target::WriteString("\n");
  return -1;
}

// Empties the storage of whatever was loaded in it.
void Unload() {
  if (g_loaded == Loaded::kModel) reinterpret_cast<StoredModel*>(g_model_storage)->~StoredModel();
  memset(g_model_storage, 0, sizeof(g_model_storage));
  g_loaded = Loaded::kNothing;
}

// Loads the golden model into the storage as `loaded` asks; its status.
tinyfair_status Load(const tinyfair_models::GoldenModel& golden, Loaded loaded, Subject& s) {
  Unload();
  g_loaded = loaded;
  s.model = nullptr;
  s.c_model = nullptr;
  if (loaded == Loaded::kModel) {
    StoredModel* model = new (g_model_storage) StoredModel();
    model->AcceptIntegerModels();
    s.model = model;
    return static_cast<tinyfair_status>(model->Load(golden.bytes, golden.size));
  }
  if (loaded == Loaded::kCModel) {
    tinyfair_model* c_model = new (g_model_storage) tinyfair_model();
    s.c_model = c_model;
    tinyfair_model_accept_integer_models(c_model);
    return tinyfair_model_load(c_model, golden.bytes, golden.size);
  }
  return TINYFAIR_OK;
}

// The log of the host's records a case must equal:
// golden_<Name>[_int16][_keyed|_with_draw]_records.csv.
void HostLogName(const char* model, const EntryPoint& entry, char* name, size_t size) {
  static const char* const kDrawSuffix[] = {"", "_keyed", "_with_draw"};
  name[0] = '\0';
  strncat(name, "golden_", size - 1);
  strncat(name, model, size - strlen(name) - 1);
  if (entry.inputs == Inputs::kInteger) strncat(name, "_int16", size - strlen(name) - 1);
  strncat(name, kDrawSuffix[static_cast<int>(entry.draws)], size - strlen(name) - 1);
  strncat(name, "_records.csv", size - strlen(name) - 1);
}

// The golden vectors a case reads: golden_<Name>.tfv or golden_<Name>_int16.tfi.
bool OpenVectors(const char* model, Inputs inputs, VectorReader& vectors) {
  char path[64] = "golden_";
  strncat(path, model, sizeof(path) - 24);
  strcat(path, inputs == Inputs::kInteger ? "_int16.tfi" : ".tfv");
  return vectors.Open(path, inputs == Inputs::kInteger ? "TFI1" : "TFV1", kMaxInputs);
}

void WriteCaseNote(const char* model, const EntryPoint& entry) {
  char log[96];
  HostLogName(model, entry, log, sizeof(log));
  target::WriteString("# case ");
  target::WriteString(model);
  target::WriteString(" ");
  target::WriteString(entry.name);
  target::WriteString(" ");
  target::WriteString(log);
  target::WriteString("\n");
}

// Prints the case's note and decision log; the decisions, or -1.
long RunCase(const tinyfair_models::GoldenModel& golden, const EntryPoint& entry, Subject& s) {
  if (Load(golden, entry.loaded, s) != TINYFAIR_OK) {
    return Fail(golden.name, entry.name, "the model does not load");
  }
  VectorReader vectors;
  if (!OpenVectors(golden.name, entry.inputs, vectors)) {
    return Fail(golden.name, entry.name, "cannot open its vectors, or a bad header");
  }
  DrawSources draws{Pcg32(vectors.seed(), vectors.stream()),
                    KeyedDraws(kGoldenDrawsKey, kGoldenDrawsFirstCounter),
                    {},
                    {},
                    0};
  tinyfair_rng_seed(&draws.c_rng, vectors.seed(), vectors.stream());
  tinyfair_keyed_draws_init(&draws.c_keyed, kGoldenDrawsKey, kGoldenDrawsFirstCounter);
  WriteCaseNote(golden.name, entry);
  target::Write(kDecisionRecordHeader, sizeof(kDecisionRecordHeader) - 1);
  RecordWriter records;
  Row row{g_values, g_integers, vectors.input_count(), 0};
  for (uint32_t r = 0; r < vectors.rows(); ++r) {
    const bool read = entry.inputs == Inputs::kInteger ? vectors.Next(g_integers, row.group)
                                                       : vectors.Next(g_values, row.group);
    if (!read) return Fail(golden.name, entry.name, "short read");
    draws.draw = GoldenDrawForRow(r);
    const size_t size = entry.decide(s, row, draws, records.Line());
    if (size == 0) return Fail(golden.name, entry.name, "no such generated entry point");
    records.Commit(size);
  }
  return static_cast<long>(vectors.rows());
}

// The generated tables of a golden model, found by name: every golden model
// must have them (tests/golden/golden_tables_registry.cmake).
bool FindTables(const char* model, Subject& s) {
  s.cpp_tables = nullptr;
  s.c_tables = nullptr;
  for (size_t i = 0; i < tinyfair::testing::kGoldenCppTablesCount; ++i) {
    const GoldenCppTables& t = tinyfair::testing::kGoldenCppTables[i];
    if (strcmp(t.name, model) == 0) s.cpp_tables = &t;
  }
  for (size_t i = 0; i < kGoldenCTablesCount; ++i) {
    if (strcmp(kGoldenCTables[i].name, model) == 0) s.c_tables = &kGoldenCTables[i];
  }
  return s.cpp_tables != nullptr && s.c_tables != nullptr;
}

// Whether the golden model has an integer scorer, as its own Load says.
bool HasIntegerScorer(const tinyfair_models::GoldenModel& golden, Subject& s) {
  return Load(golden, Loaded::kModel, s) == TINYFAIR_OK && s.model->tables().integer != nullptr;
}

}  // namespace

int main() {
  long cases = 0, decisions = 0;
  for (const auto& golden : tinyfair_models::kGoldenModels) {
    Subject s{};
    if (!FindTables(golden.name, s)) {
      (void)Fail(golden.name, nullptr, "no generated tables");
      return 1;
    }
    const bool integer = HasIntegerScorer(golden, s);
    for (const EntryPoint& entry : kEntryPoints) {
      if (entry.inputs == Inputs::kInteger && !integer) continue;
      const long decided = RunCase(golden, entry, s);
      if (decided < 0) return 1;
      decisions += decided;
      ++cases;
    }
  }
  Unload();
  target::WriteString("# entry_point_matrix: models ");
  target::WriteDecimal(static_cast<long>(sizeof(tinyfair_models::kGoldenModels) /
                                         sizeof(tinyfair_models::kGoldenModels[0])));
  target::WriteString(", entry points ");
  target::WriteDecimal(static_cast<long>(sizeof(kEntryPoints) / sizeof(kEntryPoints[0])));
  target::WriteString(", cases ");
  target::WriteDecimal(cases);
  target::WriteString(", decisions ");
  target::WriteDecimal(decisions);
  target::WriteString(", stack high water ");
  target::WriteDecimal(static_cast<long>(tinyfair_target_stack_high_water_bytes()));
  target::WriteString(" bytes\n");
  return 0;
}
