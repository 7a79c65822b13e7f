// Writing a large report: the hand-written number and string formatting the
// report writer had before nlohmann-json (printf "%.17g", escapes by hand)
// against host_tools/common/json_writer on nlohmann-json. The report: an
// object of `members` rows, each with a name and an array of 8 doubles.
// Prints CPU seconds of each, the bytes written, and whether every number
// of the new text reads back as the same double.
//   json_bench [MEMBERS] [REPEATS]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "host_tools/common/json_writer.h"

namespace {

// The formatting of the writer before nlohmann-json.
std::string HandwrittenNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char text[40];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return text;
}

std::string HandwrittenQuoted(const std::string& text) {
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

using NumberFormat = std::function<std::string(double)>;
using TextFormat = std::function<std::string(const std::string&)>;

std::string Report(const Eigen::MatrixXd& values, const NumberFormat& number,
                   const TextFormat& quoted) {
  std::string out = "{";
  for (Eigen::Index i = 0; i < values.rows(); ++i) {
    out += (i ? ",\n  " : "\n  ") + quoted("row " + std::to_string(i)) + ": [";
    for (Eigen::Index j = 0; j < values.cols(); ++j) out += (j ? ", " : "") + number(values(i, j));
    out += "]";
  }
  return out + "\n}";
}

double CpuSeconds(const std::function<void()>& work, int repeats) {
  std::vector<double> seconds;
  for (int k = 0; k < repeats; ++k) {
    const std::clock_t start = std::clock();
    work();
    seconds.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[seconds.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const Eigen::Index members = argc > 1 ? std::stol(argv[1]) : 100000;
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  std::mt19937_64 random(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Eigen::MatrixXd values(members, 8);
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    // Rates, counts and small gaps, as reports hold them.
    const double u = unit(random);
    values(i) = i % 3 == 0 ? std::floor(1e4 * u) : i % 3 == 1 ? u : 1e-6 * u;
  }
  std::string before, after;
  const double handwritten =
      CpuSeconds([&] { before = Report(values, HandwrittenNumber, HandwrittenQuoted); }, repeats);
  const double library = CpuSeconds(
      [&] {
        after = Report(
            values, [](double v) { return tinyfair::host::common::JsonNumber(v); },
            [](const std::string& t) { return tinyfair::host::common::JsonQuoted(t); });
      },
      repeats);
  bool round_trip = true;
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    const std::string text = tinyfair::host::common::JsonNumber(values(i));
    round_trip = round_trip && std::strtod(text.c_str(), nullptr) == values(i);
  }
  std::printf(
      "%ld rows x 8 numbers, median of %d: hand-written %.3f s CPU (%zu bytes); "
      "nlohmann-json %.3f s CPU (%zu bytes); ratio %.2f; every number reads back: %s\n",
      static_cast<long>(members), repeats, handwritten, before.size(), library, after.size(),
      library / handwritten, round_trip ? "yes" : "NO");
  return round_trip ? 0 : 1;
}
