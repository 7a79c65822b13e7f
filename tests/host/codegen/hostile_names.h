// Names that would inject code into a generated header if written as they
// are: a newline or carriage return before a #define, a comment end, a
// backslash that splices the next line, a trigraph, a NUL byte, a Unicode
// line separator. The codegen injection tests and the fuzz seeds share them.
#pragma once

#include <string>
#include <vector>

namespace tinyfair::hostile {

inline const std::vector<std::string>& HostileNames() {
  static const std::vector<std::string> names = {
      "ok\n#define IsOk(s) (true)",
      "ok\r#define IsOk(s) (true)",
      "x */ #define IsOk 1 /*",
      "splice\\",
      "trigraph ?\?/",
      std::string("nul\0#define IsOk 1", 17),
      "\xe2\x80\xa8#define IsOk 1",
  };
  return names;
}

}  // namespace tinyfair::hostile
