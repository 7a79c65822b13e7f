// A model's id names it in decision records and logs, and the runtime holds
// it in a field of fixed size (the schema's model_id max_size): an id the
// host makes from another (a post-processed model's, a scores column's) is
// cut to fit it here, by one rule.
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::host::model {

/// The longest id the runtime holds, in bytes: the generated struct's
/// model_id field (model.options' max_size) less its terminating NUL.
size_t MaxModelIdBytes();

/// `head` + `tail`, the part named by `cut` (the head or the tail) shortened
/// at a UTF-8 character boundary so that the whole fits MaxModelIdBytes();
/// the other part is kept whole (it says how the model was made).
enum class CutPart { kHead, kTail };
std::string FittedModelId(const std::string& head, const std::string& tail, CutPart cut);

}  // namespace tinyfair::host::model
