#include "host_tools/common/json_writer.h"

#include <cmath>
#include <cstdio>

namespace tinyfair::host {

std::string JsonQuoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string JsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char text[40];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return text;
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

}  // namespace tinyfair::host
