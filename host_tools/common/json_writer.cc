#include "host_tools/common/json_writer.h"

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace tinyfair::host::common {
namespace {

// Text that is not valid UTF-8 gets U+FFFD instead of an exception, so that
// a report always parses.
std::string Dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string JsonQuoted(const std::string& text) { return Dump(nlohmann::json(text)); }

std::string JsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  // Counts stay integers ("12", not "12.0"); below 2^53 every integer is
  // exact. Other values: the shortest text that reads back as the same double.
  if (value == std::trunc(value) && std::fabs(value) < 9007199254740992.0 &&
      !(value == 0.0 && std::signbit(value))) {
    return Dump(nlohmann::json(static_cast<std::int64_t>(value)));
  }
  return Dump(nlohmann::json(value));
}

std::string JsonArray(const Eigen::VectorXd& values) {
  std::string out = "[";
  for (Eigen::Index i = 0; i < values.size(); ++i) out += (i ? ", " : "") + JsonNumber(values[i]);
  return out + "]";
}

std::string JsonArray(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) out += (i ? ", " : "") + JsonQuoted(texts[i]);
  return out + "]";
}

JsonObject& JsonObject::Raw(const std::string& key, const std::string& json) {
  members_.emplace_back(key, json);
  return *this;
}

std::string JsonObject::Str(int indent) const {
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  std::string out = "{";
  for (std::size_t i = 0; i < members_.size(); ++i) {
    out += (i ? ",\n" : "\n") + inner + JsonQuoted(members_[i].first) + ": " + members_[i].second;
  }
  return out + "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
}

}  // namespace tinyfair::host::common
