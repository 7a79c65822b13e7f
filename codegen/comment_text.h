// Text from a model file (its id, its file name) as it may appear inside a
// comment of generated C or C++: nothing in it can end the comment, splice
// the next line into it or start code.
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::codegen {

/// `text` with every byte but letters, digits, space and -_.,:;=+()[]@#/
/// written as \xNN (no newline, '*' or '?' reaches the comment, and no
/// backslash ends a line), cut to `max_bytes` bytes of input with "..."
/// after them.
std::string CommentText(const std::string& text, size_t max_bytes = 200);

}  // namespace tinyfair::codegen
