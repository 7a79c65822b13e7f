// The auditor's replay of keyed decisions: with the device's key every
// record is reproduced; with another key the draws cannot be derived, and
// outcomes differ exactly where the draw decides (0 < p < 1).
#include "host_tools/simulate/keyed_replay.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "host_tools/simulate/decision_runner.h"
#include "test_models.h"
#include "tinyfair_runtime/keyed_draws.h"

namespace tinyfair::host::simulate {
namespace {

constexpr DeviceKey kDeviceKey = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr DeviceKey kOtherKey = {0x5a, 0x17, 0xc3, 0x88, 0x02, 0xfe, 0x41, 0x9d,
                                 0x66, 0x30, 0xbb, 0x0e, 0x72, 0xe9, 0x14, 0xa5};
constexpr size_t kInputs = 4;

std::unique_ptr<runtime::Model> LoadedSmallRamp() {
  auto model = std::make_unique<runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  EXPECT_EQ(runtime::Status::kOk,
            model->Load(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize));
  return model;
}

// 10,000 rows of the small ramp model (x, colour, sex, z): x spread over
// values inside the ramps (0 < p < 1) and far outside (p = 0 or 1), and one
// refused row (NaN) every 1000.
std::vector<float> Rows() {
  std::vector<float> rows;
  for (int i = 0; i < 10000; ++i) {
    const float x = i % 1000 == 999 ? __builtin_nanf("")
                    : i % 4 == 3    ? (i % 8 == 3 ? 100.0f : -100.0f)
                                    : 0.9f + 0.001f * static_cast<float>(i % 200);
    rows.insert(rows.end(), {x, static_cast<float>(i % 3 == 0), static_cast<float>(i % 2), -3.0f});
  }
  return rows;
}

TEST(KeyedReplay, TheDeviceKeyReproducesEveryRecord) {
  const auto model = LoadedSmallRamp();
  const std::vector<float> rows = Rows();
  const auto records = DecideKeyed(*model, rows, kInputs, kDeviceKey, 500);
  uint64_t counter = 500;
  for (const auto& record : records) {
    if (!runtime::IsOk(record.status)) continue;
    EXPECT_EQ(counter, record.counter);
    EXPECT_EQ(runtime::DrawAt(kDeviceKey.data(), counter), record.draw);
    ++counter;
  }
  EXPECT_EQ(500U + 10000U - 10U, counter);  // ten refused rows took no counter
  EXPECT_TRUE(KeyedReplayMismatches(*model, rows, kInputs, records, kDeviceKey).empty());
}

// The records as the auditor reads them back from the decision log text,
// each column found by its name in the header line.
std::vector<runtime::Decision> ReadLog(const std::string& log) {
  std::istringstream in(log);
  std::string line;
  std::getline(in, line);
  std::map<std::string, size_t> column;
  std::istringstream header(line);
  for (std::string name; std::getline(header, name, ',');) column.emplace(name, column.size());
  std::vector<runtime::Decision> records;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    auto hex = [&](const char* name) {
      return std::stoull(fields.at(column.at(name)), nullptr, 16);
    };
    auto bits = [&](const char* name) {
      const auto value = static_cast<uint32_t>(hex(name));
      float f;
      std::memcpy(&f, &value, sizeof(f));
      return f;
    };
    runtime::Decision d;
    d.model_hash = hex("model_hash");
    d.status = static_cast<runtime::Status>(hex("status"));
    d.group = static_cast<uint32_t>(hex("group"));
    d.score = bits("score_bits");
    d.probability = bits("probability_bits");
    d.draw = static_cast<uint32_t>(hex("draw"));
    d.positive = hex("positive") == 1;
    d.member = static_cast<uint32_t>(hex("member"));
    d.value = bits("value_bits");
    d.counter = hex("counter");
    records.push_back(d);
  }
  return records;
}

// The log line carries the counter: the auditor with the key replays the
// decisions from the log text alone, and a counter changed in the text is
// found.
TEST(KeyedReplay, TheLogsCounterColumnReplaysWithTheKey) {
  const auto model = LoadedSmallRamp();
  const std::vector<float> rows = Rows();
  const auto records = DecideKeyed(*model, rows, kInputs, kDeviceKey, uint64_t{1} << 40U);
  std::vector<runtime::Decision> read = ReadLog(DecisionLog(records));
  ASSERT_EQ(records.size(), read.size());
  for (size_t r = 0; r < read.size(); ++r) ASSERT_EQ(records[r].counter, read[r].counter) << r;
  EXPECT_EQ(read[0].counter, uint64_t{1} << 40U);
  EXPECT_TRUE(KeyedReplayMismatches(*model, rows, kInputs, read, kDeviceKey).empty());
  read[7].counter += 1;
  EXPECT_EQ(KeyedReplayMismatches(*model, rows, kInputs, read, kDeviceKey), std::vector<size_t>{7});
}

TEST(KeyedReplay, AnAlteredRecordIsFound) {
  const auto model = LoadedSmallRamp();
  const std::vector<float> rows = Rows();
  auto records = DecideKeyed(*model, rows, kInputs, kDeviceKey, 0);
  records[17].positive = !records[17].positive;
  records[42].counter += 1;
  EXPECT_EQ((std::vector<size_t>{17, 42}),
            KeyedReplayMismatches(*model, rows, kInputs, records, kDeviceKey));
}

TEST(KeyedReplay, AnotherKeyCannotDeriveTheDraws) {
  const auto model = LoadedSmallRamp();
  const std::vector<float> rows = Rows();
  const auto mine = DecideKeyed(*model, rows, kInputs, kDeviceKey, 0);
  const auto other = DecideKeyed(*model, rows, kInputs, kOtherKey, 0);
  // Every record that took a draw fails the replay under the other key.
  EXPECT_EQ(10000U - 10U, KeyedReplayMismatches(*model, rows, kInputs, mine, kOtherKey).size());
  size_t random = 0, differing = 0;
  double expected = 0.0;
  for (size_t r = 0; r < mine.size(); ++r) {
    ASSERT_EQ(mine[r].counter, other[r].counter);
    const float p = mine[r].probability;
    if (p > 0.0f && p < 1.0f) {
      ++random;
      expected += 2.0 * p * (1.0 - p);
      if (mine[r].positive != other[r].positive) ++differing;
    } else {
      EXPECT_EQ(mine[r].positive, other[r].positive) << r;
    }
  }
  // Independent draws: the differing outcomes are a sum of Bernoulli(2p(1-p))
  // with variance below its mean; within 6 standard deviations of it.
  ASSERT_GT(random, 5000U);
  EXPECT_GT(expected, 1000.0);
  EXPECT_LT(std::abs(static_cast<double>(differing) - expected), 6.0 * std::sqrt(expected));
}

}  // namespace
}  // namespace tinyfair::host::simulate
