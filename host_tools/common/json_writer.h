// A small JSON writer for the reports and parameter files the host tools
// write, on nlohmann-json: strings escaped (invalid UTF-8 replaced by
// U+FFFD), numbers as the shortest text that reads back as the same double
// (integers without a fraction), NaN and infinities as null. Models are JSON
// through protobuf (model_file.h), not this.

#ifndef TINYFAIR_HOST_TOOLS_JSON_WRITER_H_
#define TINYFAIR_HOST_TOOLS_JSON_WRITER_H_

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace tinyfair::host::common {

/// A JSON string: quotes, backslashes and control characters escaped.
std::string JsonQuoted(const std::string& text);
std::string JsonNumber(double value);
std::string JsonArray(const Eigen::VectorXd& values);
std::string JsonArray(const std::vector<std::string>& texts);

/// Members in insertion order; values are JSON text.
class JsonObject {
 public:
  JsonObject& Raw(const std::string& key, const std::string& json);
  JsonObject& Number(const std::string& key, double value) { return Raw(key, JsonNumber(value)); }
  JsonObject& Text(const std::string& key, const std::string& text) {
    return Raw(key, JsonQuoted(text));
  }
  /// The object, members on their own lines indented by `indent` spaces.
  std::string Str(int indent = 0) const;

 private:
  std::vector<std::pair<std::string, std::string>> members_;
};

}  // namespace tinyfair::host::common

#endif  // TINYFAIR_HOST_TOOLS_JSON_WRITER_H_
