#include "host_tools/model/aligned_encoding.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace tinyfair::host::model {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;
using google::protobuf::io::CodedOutputStream;

constexpr std::size_t kAlignment = 4;

// One field of an encoding, as the layout treats it: bytes copied as they
// are, an array that must start aligned, or a message laid out again.
struct Piece {
  enum class Kind { kAsItIs, kArray, kMessage } kind = Kind::kAsItIs;
  std::string head;           // kAsItIs: the whole field; otherwise the tag's bytes
  std::string_view payload;   // kArray: the elements
  std::vector<Piece> fields;  // kMessage: its fields, in order
};

bool IsFourByteArray(const FieldDescriptor* field) {
  if (field == nullptr || !field->is_packed()) return false;
  const auto type = field->type();
  return type == FieldDescriptor::TYPE_FLOAT || type == FieldDescriptor::TYPE_FIXED32 ||
         type == FieldDescriptor::TYPE_SFIXED32;
}

// The bytes of a length-delimited value, after its tag.
std::string_view DelimitedValue(std::string_view bytes, CodedInputStream& in) {
  uint32_t length = 0;
  if (!in.ReadVarint32(&length)) throw std::runtime_error("aligned encoding: a bad length");
  const auto at = static_cast<std::size_t>(in.CurrentPosition());
  if (length > bytes.size() - at || !in.Skip(static_cast<int>(length))) {
    throw std::runtime_error("aligned encoding: a value past the end");
  }
  return bytes.substr(at, length);
}

// The fields of the library's own encoding of a message of `type`, which is
// well formed: a failure here is an encoding this layout does not know, not
// hostile input.
std::vector<Piece> PiecesOf(std::string_view bytes, const Descriptor& type) {
  std::vector<Piece> pieces;
  CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                      static_cast<int>(bytes.size()));
  for (;;) {
    const auto start = static_cast<std::size_t>(in.CurrentPosition());
    const uint32_t tag = in.ReadTag();
    if (tag == 0) break;
    const FieldDescriptor* field = type.FindFieldByNumber(WireFormatLite::GetTagFieldNumber(tag));
    const bool delimited =
        WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    Piece piece;
    piece.head = std::string(bytes.substr(start, in.CurrentPosition() - start));
    if (delimited && field != nullptr && field->type() == FieldDescriptor::TYPE_MESSAGE) {
      piece.kind = Piece::Kind::kMessage;
      piece.fields = PiecesOf(DelimitedValue(bytes, in), *field->message_type());
    } else if (delimited && IsFourByteArray(field)) {
      piece.kind = Piece::Kind::kArray;
      piece.payload = DelimitedValue(bytes, in);
    } else {
      if (!WireFormatLite::SkipField(&in, tag)) {
        throw std::runtime_error("aligned encoding: a field it cannot skip");
      }
      piece.head = std::string(bytes.substr(start, in.CurrentPosition() - start));
    }
    pieces.push_back(std::move(piece));
  }
  if (static_cast<std::size_t>(in.CurrentPosition()) != bytes.size()) {
    throw std::runtime_error("aligned encoding: a field it cannot read");
  }
  return pieces;
}

std::size_t VarintSize(uint64_t value) { return CodedOutputStream::VarintSize64(value); }

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
