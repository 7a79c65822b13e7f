// The protobuf wire format, read where it lies in a model's bytes: varints,
// fixed32 and fixed64 values, length-delimited values and the skipping of
// fields by wire type. Load's check reads a model with it
// (model_reader.cc).
//
// Why ours and not nanopb's decoder: nanopb's is generic, driven by
// descriptors of the schema, and was the largest piece a firmware linked to
// read a model. Measured when this reader replaced it (2de4b54), on the size
// image decoder_all_rules (bench/size; flash charged to each source by
// bench/tools/symbol_origins.py, docs/benchmarks.md "Where the bytes go",
// which has today's figures: the model reader has shrunk since), per board:
//
//   board          nanopb's decoder   this reader and      the image
//                  and descriptors    the model reader
//   mps2_an386     4,120 B            476 + 1,838 B        2,644 B smaller
//   microbit       4,266 B            474 + 1,820 B        2,780 B smaller
//   mps2_an505     4,118 B            476 + 1,838 B        2,632 B smaller
//   riscv32_virt   4,786 B            610 + 1,968 B        3,108 B smaller
//
// (nanopb's: pb_decode.c, pb_common.c, model_check.nanopb.c, model.nanopb.c;
// the image also lost the check's callbacks for nanopb.) Load's deepest
// stack is 328, 560, 328 and 416 B shallower.
//
// Each read checks every length against the bytes left and either succeeds
// and moves on or fails; after a failure the caller refuses the bytes. The
// rules are nanopb 0.4.7's, so that a model refused or accepted before is
// refused or accepted alike.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::runtime::internal {

/// The wire types of protobuf's encoding; 3 and 4 (groups), 6 and 7 are
/// not read.
enum WireType : uint32_t {
  kVarintWire = 0,
  kFixed64Wire = 1,
  kDelimitedWire = 2,
  kFixed32Wire = 5,
};

/// What precedes each field's value: its number and wire type.
struct FieldKey {
  uint32_t field;
  uint32_t wire;
};

/// A reader of the bytes [at, at + left): no copy, no allocation.
class WireReader {
 public:
  WireReader() = default;
  WireReader(const uint8_t* bytes, size_t size) : at_(bytes), left_(size) {}

  bool AtEnd() const { return left_ == 0; }
  const uint8_t* at() const { return at_; }
  size_t left() const { return left_; }

  /// A varint of at most 10 bytes whose value fits 64 bits.
  bool Varint(uint64_t& value);
  /// A varint read into 32 bits, as nanopb reads keys, lengths and bools:
  /// the bytes past 32 bits may only pad (0x80, 0x00) or extend the sign of
  /// a negative int32 (0xFF, then 0x01 in the tenth byte).
  bool Varint32(uint32_t& value);
  /// Four or eight little-endian bytes.
  bool Fixed32(uint32_t& value);
  bool Fixed64(uint64_t& value);
  /// The next field's key; field number 0 is refused.
  bool Key(FieldKey& key);
  /// A length-delimited value: `value` then reads its bytes, and this reader
  /// goes on after them.
  bool Delimited(WireReader& value);
  /// Past a value of `wire` that is not read (an unknown field). A skipped
  /// varint may be of any length, as nanopb skips it.
  bool Skip(uint32_t wire);
  /// Past one varint (at most 10 bytes), fixed32 or fixed64 value; `size`
  /// is its length in bytes.
  bool SkipScalar(uint32_t wire, size_t& size);

 private:
  bool Byte(uint8_t& byte);
  bool Advance(size_t count);

  const uint8_t* at_ = nullptr;
  size_t left_ = 0;
};

/// A sint32 or sint64 from its zigzag encoding.
inline int64_t ZigZagDecoded(uint64_t raw) {
  return (raw & 1U) != 0 ? static_cast<int64_t>(~(raw >> 1U)) : static_cast<int64_t>(raw >> 1U);
}

}  // namespace tinyfair::runtime::internal
