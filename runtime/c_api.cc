// The C API: thin wrappers that construct the C++ Model in the caller's
// storage and translate the records.
#include "tinyfair_runtime/tinyfair.h"

#if __has_include(<new>)
#include <new>
#else
// A toolchain without a C++ library (Debian's riscv64-unknown-elf, built with
// TINYFAIR_RUNTIME_CFG_EIGEN=0): the placement form, which <new> would declare.
inline void* operator new(size_t, void* where) noexcept { return where; }
#endif

#include "tinyfair_runtime/c_tables.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/monitor_report.h"
#include "tinyfair_runtime/self_test.h"

namespace {

using tinyfair::runtime::Decision;
using tinyfair::runtime::DecisionInput;
using tinyfair::runtime::FairnessMonitor;
using tinyfair::runtime::KeyedDraws;
// The C API keeps a model with storage for any model this build accepts.
using Model = tinyfair::runtime::ModelWithStorage<>;
using tinyfair::runtime::Pcg32;
using tinyfair::runtime::Status;

// The storage sizes are measured at configure time (cmake/c_storage_bytes.cmake).
static_assert(sizeof(Model) <= sizeof(tinyfair_model{}.storage),
              "TINYFAIR_MODEL_STORAGE_BYTES (c_storage_bytes.h) is too small: reconfigure");
static_assert(alignof(Model) <= alignof(uint64_t));
static_assert(sizeof(tinyfair_rng) == sizeof(Pcg32));
static_assert(sizeof(tinyfair_keyed_draws{}.key) == tinyfair::runtime::crypto::kSipHashKeyBytes);
static_assert(TINYFAIR_DECISION_LINE_BYTES == tinyfair::runtime::kDecisionRecordLineSize);
static_assert(sizeof(FairnessMonitor) <= sizeof(tinyfair_monitor{}.storage),
              "TINYFAIR_MONITOR_STORAGE_BYTES (c_storage_bytes.h) is too small: reconfigure");
static_assert(alignof(FairnessMonitor) <= alignof(uint64_t));
static_assert(TINYFAIR_MODEL_DIGEST_BYTES == tinyfair::runtime::kModelDigestBytes);
static_assert(TINYFAIR_MONITOR_STATE_BYTES(0) == tinyfair::runtime::MonitorStateBytes(0) &&
              TINYFAIR_MONITOR_STATE_BYTES(32) == tinyfair::runtime::MonitorStateBytes(32));

// The digest of a model that is not loaded (as Model::digest() gives then).
constexpr uint8_t kNoDigest[TINYFAIR_MODEL_DIGEST_BYTES] = {};

constexpr uint32_t kConstructed = 0x7F41E001U;

// The Model of a struct loaded at this address; nullptr for a copy.
const Model* AsModel(const tinyfair_model* model) {
  if (model == nullptr || model->constructed != kConstructed || model->self != model) {
    return nullptr;
  }
  // The Model lives in the storage since tinyfair_model_load constructed it.
  return __builtin_launder(reinterpret_cast<const Model*>(model->storage));
}

// The Model of a struct loaded at this address, once a load succeeded:
// what the integer path decides over (its tables are valid only then).
const Model* LoadedModel(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr && m->loaded() ? m : nullptr;
}

void ToC(const Decision& d, tinyfair_decision* out) {
  out->model_hash = d.model_hash;
  out->status = static_cast<tinyfair_status>(d.status);
  out->group = d.group;
  out->score = d.score;
  out->probability = d.probability;
  out->draw = d.draw;
  out->positive = d.positive;
  out->member = d.member;
  out->value = d.value;
  out->counter = d.counter;
}

Decision FromC(const tinyfair_decision& d) {
  Decision out;
  out.model_hash = d.model_hash;
  out.status = static_cast<Status>(d.status);
  out.group = d.group;
  out.score = d.score;
  out.probability = d.probability;
  out.draw = d.draw;
  out.positive = d.positive;
  out.member = d.member;
  out.value = d.value;
  out.counter = d.counter;
  return out;
}

constexpr uint32_t kMonitorConstructed = 0x7F41E002U;

// The monitor in the caller's storage, once tinyfair_monitor_start
// constructed it there; nullptr before.
FairnessMonitor* AsMonitor(tinyfair_monitor* monitor) {
  if (monitor == nullptr || monitor->constructed != kMonitorConstructed) return nullptr;
  return __builtin_launder(reinterpret_cast<FairnessMonitor*>(monitor->storage));
}
const FairnessMonitor* AsMonitor(const tinyfair_monitor* monitor) {
  if (monitor == nullptr || monitor->constructed != kMonitorConstructed) return nullptr;
  return __builtin_launder(reinterpret_cast<const FairnessMonitor*>(monitor->storage));
}

// The Model in the caller's storage, constructed there (placement, no heap)
// on its first load; a later load reuses it, and a copy of a loaded struct
// gets a Model of its own.
Model* ModelToLoad(tinyfair_model* model) {
  if (model->constructed != kConstructed || model->self != model) {
    ::new (static_cast<void*>(model->storage)) Model();
    model->constructed = kConstructed;
    model->self = model;
  }
  return __builtin_launder(reinterpret_cast<Model*>(model->storage));
}

tinyfair_status NotLoaded(tinyfair_decision* out) {
  if (out != nullptr) ToC(Decision{}, out);
  return TINYFAIR_NOT_LOADED;
}

// The C API's draw and record plumbing around one decision with a given
// draw, `decide(draw, decision)`: the generator's, the next keyed one's or
// the caller's.

// Takes one draw from `rng` when a decision is made (as
// tinyfair_model_decide).
template <typename DecideWithDraw>
tinyfair_status DecideDrawingFromRng(tinyfair_rng* rng, tinyfair_decision* out,
                                     DecideWithDraw decide) {
  if (rng == nullptr || out == nullptr) return NotLoaded(out);
  // The draw is kept only for a decision that was made, as Decide(rng) does.
  Pcg32 probe = Pcg32::FromState(rng->state, rng->increment);
  Decision decision;
  const Status status = decide(probe.Next(), decision);
  if (IsOk(status)) rng->state = probe.state();
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

// Takes the next keyed draw, recording its counter (as
// tinyfair_model_decide_keyed).
template <typename DecideWithDraw>
tinyfair_status DecideDrawingKeyed(tinyfair_keyed_draws* draws, tinyfair_decision* out,
                                   DecideWithDraw decide) {
  if (draws == nullptr || out == nullptr) return NotLoaded(out);
  KeyedDraws keyed(draws->key, draws->counter);
  Decision decision;
  const Status status = tinyfair::runtime::DecideWithNextKeyedDraw(
      keyed, decision, [&](uint32_t draw) { return decide(draw, decision); });
  draws->counter = keyed.counter();
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

// Uses the caller's draw (as tinyfair_model_decide_with_draw).
template <typename DecideWithDraw>
tinyfair_status DecideWithCallersDraw(uint32_t draw, tinyfair_decision* out,
                                      DecideWithDraw decide) {
  if (out == nullptr) return NotLoaded(out);
  Decision decision;
  const Status status = decide(draw, decision);
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

}  // namespace

namespace tinyfair::runtime {

tinyfair_status DecideTablesForC(TablesDecider decide, const DecisionTables& tables,
                                 const float* inputs, size_t count, uint32_t group,
                                 tinyfair_rng* rng, tinyfair_decision* out) {
  return DecideDrawingFromRng(rng, out, [&](uint32_t draw, Decision& decision) {
    return decide(tables, DecisionInput{inputs, count, group}, draw, decision);
  });
}

tinyfair_status DecideTablesKeyedForC(TablesDecider decide, const DecisionTables& tables,
                                      const float* inputs, size_t count, uint32_t group,
                                      tinyfair_keyed_draws* draws, tinyfair_decision* out) {
  return DecideDrawingKeyed(draws, out, [&](uint32_t draw, Decision& decision) {
    return decide(tables, DecisionInput{inputs, count, group}, draw, decision);
  });
}

tinyfair_status DecideTablesWithDrawForC(TablesDecider decide, const DecisionTables& tables,
                                         const float* inputs, size_t count, uint32_t group,
                                         uint32_t draw, tinyfair_decision* out) {
  return DecideWithCallersDraw(draw, out, [&](uint32_t given, Decision& decision) {
    return decide(tables, DecisionInput{inputs, count, group}, given, decision);
  });
}

tinyfair_status DecideIntegerTablesForC(const DecisionTables& tables, const int16_t* inputs,
                                        size_t count, uint32_t group, tinyfair_rng* rng,
                                        tinyfair_decision* out) {
  return DecideDrawingFromRng(rng, out, [&](uint32_t draw, Decision& decision) {
    return DecideInteger(tables, IntegerInput{inputs, count, group}, draw, decision);
  });
}

tinyfair_status DecideIntegerTablesKeyedForC(const DecisionTables& tables, const int16_t* inputs,
                                             size_t count, uint32_t group,
                                             tinyfair_keyed_draws* draws, tinyfair_decision* out) {
  return DecideDrawingKeyed(draws, out, [&](uint32_t draw, Decision& decision) {
    return DecideInteger(tables, IntegerInput{inputs, count, group}, draw, decision);
  });
}

tinyfair_status DecideIntegerTablesWithDrawForC(const DecisionTables& tables, const int16_t* inputs,
                                                size_t count, uint32_t group, uint32_t draw,
                                                tinyfair_decision* out) {
  return DecideWithCallersDraw(draw, out, [&](uint32_t given, Decision& decision) {
    return DecideInteger(tables, IntegerInput{inputs, count, group}, given, decision);
  });
}

}  // namespace tinyfair::runtime

extern "C" {

void tinyfair_rng_seed(tinyfair_rng* rng, uint64_t seed, uint64_t stream) {
  const Pcg32 pcg(seed, stream);
  rng->state = pcg.state();
  rng->increment = pcg.increment();
}

uint32_t tinyfair_rng_next(tinyfair_rng* rng) {
  Pcg32 pcg = Pcg32::FromState(rng->state, rng->increment);
  const uint32_t draw = pcg.Next();
  rng->state = pcg.state();
  return draw;
}

tinyfair_status tinyfair_model_load(tinyfair_model* model, const uint8_t* bytes, size_t size) {
  return tinyfair_model_load_with_layout(model, bytes, size, tinyfair::runtime::kAnyInputLayout);
}

// Through Model's loads without a key, which name no verifier: an image that
// never calls tinyfair_model_load_with_options links no signature code, with
// or without link-time optimisation.
tinyfair_status tinyfair_model_load_with_layout(tinyfair_model* model, const uint8_t* bytes,
                                                size_t size, uint64_t input_layout_hash) {
  if (model == nullptr) return TINYFAIR_NOT_LOADED;
  return static_cast<tinyfair_status>(ModelToLoad(model)->Load(bytes, size, input_layout_hash));
}

tinyfair_status tinyfair_model_load_in_place(tinyfair_model* model, const uint8_t* bytes,
                                             size_t size, uint64_t input_layout_hash) {
  if (model == nullptr) return TINYFAIR_NOT_LOADED;
  return static_cast<tinyfair_status>(
      ModelToLoad(model)->LoadInPlace(bytes, size, input_layout_hash));
}

tinyfair_status tinyfair_model_load_with_options(tinyfair_model* model, const uint8_t* bytes,
                                                 size_t size,
                                                 const tinyfair_load_options* options) {
  if (model == nullptr) return TINYFAIR_NOT_LOADED;
  tinyfair::runtime::LoadOptions load;
  if (options != nullptr) {
    load.input_layout_hash = options->input_layout_hash;
    load.public_key = options->public_key;
    load.minimum_model_version = options->minimum_model_version;
  }
  return static_cast<tinyfair_status>(ModelToLoad(model)->Load(bytes, size, load));
}

void tinyfair_model_accept_integer_models(tinyfair_model* model) {
  if (model != nullptr) ModelToLoad(model)->AcceptIntegerModels();
}

tinyfair_status tinyfair_self_test(void) {
  return static_cast<tinyfair_status>(tinyfair::runtime::RunSelfTest());
}

bool tinyfair_model_loaded(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr && m->loaded();
}

size_t tinyfair_model_group_count(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->group_count() : 0;
}

const char* tinyfair_model_id(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->model_id() : "";
}

size_t tinyfair_model_input_count(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->input_count() : 0;
}

uint64_t tinyfair_model_hash(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->model_hash() : 0;
}

uint32_t tinyfair_model_version(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->model_version() : 0;
}

uint32_t tinyfair_model_schema_minor(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->schema_minor() : 0;
}

uint64_t tinyfair_model_content_hash(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->content_hash() : 0;
}

const uint8_t* tinyfair_model_digest(const tinyfair_model* model) {
  const Model* m = AsModel(model);
  return m != nullptr ? m->digest() : kNoDigest;
}

tinyfair_status tinyfair_model_decide(const tinyfair_model* model, const float* inputs,
                                      size_t count, uint32_t group, tinyfair_rng* rng,
                                      tinyfair_decision* out) {
  const Model* m = AsModel(model);
  if (m == nullptr || rng == nullptr || out == nullptr) return NotLoaded(out);
  Pcg32 pcg = Pcg32::FromState(rng->state, rng->increment);
  Decision decision;
  const Status status = m->Decide(DecisionInput{inputs, count, group}, pcg, decision);
  rng->state = pcg.state();
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

void tinyfair_keyed_draws_init(tinyfair_keyed_draws* draws, const uint8_t key[16],
                               uint64_t counter) {
  if (draws == nullptr || key == nullptr) return;
  for (size_t i = 0; i < sizeof(draws->key); ++i) draws->key[i] = key[i];
  draws->counter = counter;
}

tinyfair_status tinyfair_model_decide_keyed(const tinyfair_model* model, const float* inputs,
                                            size_t count, uint32_t group,
                                            tinyfair_keyed_draws* draws, tinyfair_decision* out) {
  const Model* m = AsModel(model);
  if (m == nullptr || draws == nullptr || out == nullptr) return NotLoaded(out);
  KeyedDraws keyed(draws->key, draws->counter);
  Decision decision;
  const Status status = m->Decide(DecisionInput{inputs, count, group}, keyed, decision);
  draws->counter = keyed.counter();
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

tinyfair_status tinyfair_model_decide_with_draw(const tinyfair_model* model, const float* inputs,
                                                size_t count, uint32_t group, uint32_t draw,
                                                tinyfair_decision* out) {
  const Model* m = AsModel(model);
  if (m == nullptr || out == nullptr) return NotLoaded(out);
  Decision decision;
  const Status status = m->DecideWithDraw(DecisionInput{inputs, count, group}, draw, decision);
  ToC(decision, out);
  return static_cast<tinyfair_status>(status);
}

tinyfair_status tinyfair_model_decide_integer(const tinyfair_model* model, const int16_t* inputs,
                                              size_t count, uint32_t group, tinyfair_rng* rng,
                                              tinyfair_decision* out) {
  const Model* m = LoadedModel(model);
  if (m == nullptr) return NotLoaded(out);
  return tinyfair::runtime::DecideIntegerTablesForC(m->tables(), inputs, count, group, rng, out);
}

tinyfair_status tinyfair_model_decide_integer_keyed(const tinyfair_model* model,
                                                    const int16_t* inputs, size_t count,
                                                    uint32_t group, tinyfair_keyed_draws* draws,
                                                    tinyfair_decision* out) {
  const Model* m = LoadedModel(model);
  if (m == nullptr) return NotLoaded(out);
  return tinyfair::runtime::DecideIntegerTablesKeyedForC(m->tables(), inputs, count, group, draws,
                                                         out);
}

tinyfair_status tinyfair_model_decide_integer_with_draw(const tinyfair_model* model,
                                                        const int16_t* inputs, size_t count,
                                                        uint32_t group, uint32_t draw,
                                                        tinyfair_decision* out) {
  const Model* m = LoadedModel(model);
  if (m == nullptr) return NotLoaded(out);
  return tinyfair::runtime::DecideIntegerTablesWithDrawForC(m->tables(), inputs, count, group, draw,
                                                            out);
}

size_t tinyfair_format_decision(const tinyfair_decision* decision, char* line, size_t size) {
  if (decision == nullptr) return 0;
  return tinyfair::runtime::FormatDecisionRecord(FromC(*decision), line, size);
}

tinyfair_status tinyfair_monitor_start(tinyfair_monitor* monitor, const tinyfair_model* model,
                                       float alpha, float tolerance, uint32_t window) {
  if (monitor == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  // Constructed once in the caller's storage (placement, no heap).
  if (monitor->constructed != kMonitorConstructed) {
    ::new (static_cast<void*>(monitor->storage)) FairnessMonitor();
    monitor->constructed = kMonitorConstructed;
  }
  FairnessMonitor* m = AsMonitor(monitor);
  const Model* loaded = AsModel(model);
  tinyfair::runtime::MonitorReference reference;
  if (loaded != nullptr) reference = tinyfair::runtime::MonitorReferenceOf(*loaded);
  if (alpha > 0.0f) reference.settings = {alpha, tolerance, window};
  return static_cast<tinyfair_status>(m->Start(reference));
}

tinyfair_status tinyfair_monitor_update(tinyfair_monitor* monitor,
                                        const tinyfair_decision* decision) {
  FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr || decision == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  return static_cast<tinyfair_status>(m->Update(FromC(*decision)));
}

tinyfair_status tinyfair_monitor_record_outcome(tinyfair_monitor* monitor,
                                                const tinyfair_decision* decision, bool label) {
  FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr || decision == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  return static_cast<tinyfair_status>(m->RecordOutcome(FromC(*decision), label));
}

bool tinyfair_monitor_alarmed(const tinyfair_monitor* monitor) {
  const FairnessMonitor* m = AsMonitor(monitor);
  return m != nullptr && m->alarmed();
}

uint32_t tinyfair_monitor_decisions(const tinyfair_monitor* monitor, uint32_t group) {
  const FairnessMonitor* m = AsMonitor(monitor);
  return m != nullptr && group < m->group_count() ? m->group(group).decisions : 0;
}

uint32_t tinyfair_monitor_positives(const tinyfair_monitor* monitor, uint32_t group) {
  const FairnessMonitor* m = AsMonitor(monitor);
  return m != nullptr && group < m->group_count() ? m->group(group).positives : 0;
}

size_t tinyfair_monitor_report_max_size(uint32_t groups) {
  return tinyfair::runtime::MonitorReportMaxSize(groups);
}

tinyfair_status tinyfair_monitor_encode_report(const tinyfair_monitor* monitor, uint8_t* buffer,
                                               size_t capacity, size_t* size) {
  const FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr || size == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  return static_cast<tinyfair_status>(EncodeMonitorReport(*m, buffer, capacity, *size));
}

tinyfair_status tinyfair_monitor_encode_numbered_report(const tinyfair_monitor* monitor,
                                                        uint64_t device_id, uint32_t sequence,
                                                        uint8_t* buffer, size_t capacity,
                                                        size_t* size) {
  const FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr || size == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  const tinyfair::runtime::ReportIdentity identity{device_id, sequence};
  return static_cast<tinyfair_status>(EncodeMonitorReport(*m, identity, buffer, capacity, *size));
}

tinyfair_status tinyfair_monitor_save(const tinyfair_monitor* monitor, uint8_t* buffer,
                                      size_t capacity, size_t* size) {
  const FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr || size == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  return static_cast<tinyfair_status>(m->SaveState(buffer, capacity, *size));
}

tinyfair_status tinyfair_monitor_restore(tinyfair_monitor* monitor, const uint8_t* bytes,
                                         size_t size) {
  FairnessMonitor* m = AsMonitor(monitor);
  if (m == nullptr) return TINYFAIR_MONITOR_NOT_CONFIGURED;
  return static_cast<tinyfair_status>(m->RestoreState(bytes, size));
}

const char* tinyfair_status_name(tinyfair_status status) {
  return tinyfair::runtime::StatusName(static_cast<Status>(status));
}

}  // extern "C"
