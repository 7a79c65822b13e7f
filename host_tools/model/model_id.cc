#include "host_tools/model/model_id.h"

#include <stdexcept>

#include "tinyfair/model.nanopb.h"

namespace tinyfair::host::model {
namespace {

// The first `limit` bytes of `text` or fewer, never ending inside a UTF-8
// character (protobuf's strings are UTF-8).
std::string CutAtCharacter(const std::string& text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U) --end;
  return text.substr(0, end);
}

}  // namespace

size_t MaxModelIdBytes() { return sizeof(tinyfair_Model::model_id) - 1; }

void RequireModelIdFits(const std::string& id, const std::string& given_as) {
  if (id.size() <= MaxModelIdBytes()) return;
  throw std::invalid_argument(given_as + ": " + std::to_string(id.size()) +
                              " bytes; a model's id holds at most " +
                              std::to_string(MaxModelIdBytes()));
}

std::string FittedModelId(const std::string& head, const std::string& tail, CutPart cut) {
  const std::string kept = CutAtCharacter(cut == CutPart::kHead ? tail : head, MaxModelIdBytes());
  const size_t room = MaxModelIdBytes() - kept.size();
  return cut == CutPart::kHead ? CutAtCharacter(head, room) + kept
                               : kept + CutAtCharacter(tail, room);
}

}  // namespace tinyfair::host::model
