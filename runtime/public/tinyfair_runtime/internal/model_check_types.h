/* What the first pass of Model::Load keeps of each array instead of a copy
   (runtime/model_reader.cc): where its packed values lie in the model's
   bytes. C, because the generated tinyfair/model_check.nanopb.h includes it. */
#ifndef TINYFAIR_RUNTIME_INTERNAL_MODEL_CHECK_TYPES_H_
#define TINYFAIR_RUNTIME_INTERNAL_MODEL_CHECK_TYPES_H_

#include <stdint.h>

/* A packed repeated float, sfixed32 or fixed32: `count` little-endian 4-byte
   values from `bytes`. */
typedef struct tinyfair_FloatSpan {
  const uint8_t* bytes;
  uint16_t count;
  /* How often the field occurred; the check takes one packed occurrence.
     A value given unpacked has no bytes (NULL): the check refuses it. */
  uint8_t occurrences;
} tinyfair_FloatSpan;

/* A packed repeated varint (the integer scorer's sint32 and uint32 arrays):
   `count` varints in `size` bytes from `bytes`. */
typedef struct tinyfair_VarintSpan {
  const uint8_t* bytes;
  uint16_t size;
  uint16_t count;
  uint8_t occurrences;
} tinyfair_VarintSpan;

/* The repeated Input messages: how many (the check reads them again
   where they lie). */
typedef struct tinyfair_InputSpans {
  uint16_t count;
} tinyfair_InputSpans;

#endif /* TINYFAIR_RUNTIME_INTERNAL_MODEL_CHECK_TYPES_H_ */
