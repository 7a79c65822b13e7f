// A model's id names it in decision records and logs, and the runtime holds
// it in a field of fixed size (the schema's model_id max_size): an id the
// host makes from others (a method's name and constraint, a post-processed
// model's, a scores column's) is cut to fit it here, by one rule, and an id
// given by the user is refused here when it does not fit.
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::host::model {

/// The longest id the runtime holds, in bytes: the generated struct's
/// model_id field (model.options' max_size) less its terminating NUL.
size_t MaxModelIdBytes();

/// Throws std::invalid_argument ("<given_as>: N bytes; a model's id holds
/// at most M") when `id` is longer than MaxModelIdBytes(); `given_as` names
/// where the id came from (the CLI's "id", Python's "model_id").
void RequireModelIdFits(const std::string& id, const std::string& given_as = "id");

/// `head` + `tail`, the part named by `cut` (the head or the tail) shortened
/// at a UTF-8 character boundary so that the whole fits MaxModelIdBytes();
/// the other part is kept whole (it says how the model was made).
enum class CutPart { kHead, kTail };
std::string FittedModelId(const std::string& head, const std::string& tail, CutPart cut);

}  // namespace tinyfair::host::model
