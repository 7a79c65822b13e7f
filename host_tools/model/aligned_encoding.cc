#include "host_tools/model/aligned_encoding.h"

#include <google/protobuf/descriptor.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace tinyfair::host::model {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

constexpr std::size_t kAlignment = 4;

enum class WireType : uint32_t { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

// One field of an encoding, as the layout treats it: bytes copied as they
// are, an array that must start aligned, or a message laid out again.
struct Piece {
  enum class Kind { kAsItIs, kArray, kMessage } kind = Kind::kAsItIs;
  std::string head;           // kAsItIs: the whole field; otherwise the tag's bytes
  std::string_view payload;   // kArray: the elements
  std::vector<Piece> fields;  // kMessage: its fields, in order
};

// Reads the library's own encoding, which is well formed: a failure here is
// an encoding this reader does not know, not hostile input.
class WireReader {
 public:
  explicit WireReader(std::string_view bytes) : bytes_(bytes) {}

  bool AtEnd() const { return at_ == bytes_.size(); }
  std::size_t at() const { return at_; }

  uint64_t Varint() {
    uint64_t value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      const auto byte = static_cast<uint8_t>(Bytes(1)[0]);
      value |= static_cast<uint64_t>(byte & 0x7FU) << shift;
      if ((byte & 0x80U) == 0) return value;
    }
    throw std::runtime_error("aligned encoding: a varint of more than 10 bytes");
  }

  std::string_view Bytes(std::size_t count) {
    if (count > bytes_.size() - at_) throw std::runtime_error("aligned encoding: truncated");
    const std::string_view taken = bytes_.substr(at_, count);
    at_ += count;
    return taken;
  }

  std::string_view Since(std::size_t start) const { return bytes_.substr(start, at_ - start); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

bool IsFourByteArray(const FieldDescriptor* field) {
  if (field == nullptr || !field->is_packed()) return false;
  const auto type = field->type();
  return type == FieldDescriptor::TYPE_FLOAT || type == FieldDescriptor::TYPE_FIXED32 ||
         type == FieldDescriptor::TYPE_SFIXED32;
}

void SkipValue(WireType wire_type, WireReader& reader) {
  switch (wire_type) {
    case WireType::kVarint:
      reader.Varint();
      return;
    case WireType::kFixed64:
      reader.Bytes(8);
      return;
    case WireType::kLengthDelimited:
      reader.Bytes(reader.Varint());
      return;
    case WireType::kFixed32:
      reader.Bytes(4);
      return;
  }
  throw std::runtime_error("aligned encoding: a group, which the schema does not use");
}

std::vector<Piece> PiecesOf(std::string_view bytes, const Descriptor& type) {
  std::vector<Piece> pieces;
  WireReader reader(bytes);
  while (!reader.AtEnd()) {
    const std::size_t start = reader.at();
    const uint64_t tag = reader.Varint();
    const auto wire_type = static_cast<WireType>(tag & 7U);
    const FieldDescriptor* field = type.FindFieldByNumber(static_cast<int>(tag >> 3U));
    Piece piece;
    piece.head = std::string(reader.Since(start));
    const bool delimited = wire_type == WireType::kLengthDelimited;
    if (delimited && field != nullptr && field->type() == FieldDescriptor::TYPE_MESSAGE) {
      piece.kind = Piece::Kind::kMessage;
      piece.fields = PiecesOf(reader.Bytes(reader.Varint()), *field->message_type());
    } else if (delimited && IsFourByteArray(field)) {
      piece.kind = Piece::Kind::kArray;
      piece.payload = reader.Bytes(reader.Varint());
    } else {
      SkipValue(wire_type, reader);
      piece.head = std::string(reader.Since(start));
    }
    pieces.push_back(std::move(piece));
  }
  return pieces;
}

std::size_t VarintSize(uint64_t value) {
  std::size_t size = 1;
  while (value >= 0x80U) {
    value >>= 7U;
    ++size;
  }
  return size;
}

// `value` in exactly `width` bytes (at least its own size): trailing zero
// groups after its last significant one.
void AppendVarint(uint64_t value, std::size_t width, std::string& out) {
  for (std::size_t k = 0; k + 1 < width; ++k) {
    out += static_cast<char>((value & 0x7FU) | 0x80U);
    value >>= 7U;
  }
  out += static_cast<char>(value);
}

std::string LaidOut(const std::vector<Piece>& pieces, std::size_t offset);

void AppendArray(const Piece& array, std::size_t offset, std::string& out) {
  const std::size_t length_at = offset + out.size() + array.head.size();
  std::size_t width = VarintSize(array.payload.size());
  while ((length_at + width) % kAlignment != 0) ++width;
  out += array.head;
  AppendVarint(array.payload.size(), width, out);
  out.append(array.payload);
}

// A message's length comes before its content, whose layout depends on
// where it starts: the length's width is fixed first, and widened until the
// content laid out after it fits it.
void AppendMessage(const Piece& message, std::size_t offset, std::string& out) {
  const std::size_t length_at = offset + out.size() + message.head.size();
  std::size_t width = 1;
  std::string content = LaidOut(message.fields, length_at + width);
  while (VarintSize(content.size()) > width) {
    width = VarintSize(content.size());
    content = LaidOut(message.fields, length_at + width);
  }
  out += message.head;
  AppendVarint(content.size(), width, out);
  out += content;
}

// The pieces encoded from `offset` bytes after the start of the encoding.
std::string LaidOut(const std::vector<Piece>& pieces, std::size_t offset) {
  std::string out;
  for (const Piece& piece : pieces) {
    switch (piece.kind) {
      case Piece::Kind::kAsItIs:
        out += piece.head;
        break;
      case Piece::Kind::kArray:
        AppendArray(piece, offset, out);
        break;
      case Piece::Kind::kMessage:
        AppendMessage(piece, offset, out);
        break;
    }
  }
  return out;
}

}  // namespace

std::string AlignedEncoding(const google::protobuf::Message& message) {
  std::string canonical;
  if (!message.SerializeToString(&canonical)) {
    throw std::runtime_error("cannot serialize the " + message.GetTypeName());
  }
  return LaidOut(PiecesOf(canonical, *message.GetDescriptor()), 0);
}

}  // namespace tinyfair::host::model
