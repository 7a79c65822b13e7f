// Where Load puts what a loaded model keeps beyond its bytes: consecutive
// arrays in the storage the firmware gave the Model. With no storage it only
// counts, so that the bytes a model needs are measured by the very code that
// later fills them.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::runtime::internal {

class StorageArena {
 public:
  /// Counts the bytes the arrays would take, aligned as they would be in
  /// storage aligned to 8 bytes; Take() returns nullptr.
  StorageArena() = default;
  /// Fills `storage`, which holds at least the bytes a counting arena
  /// measured for the same arrays.
  StorageArena(uint8_t* storage, size_t size) : storage_(storage), size_(size) {}

  /// Room for `count` values of T, aligned for T; nullptr while counting.
  template <typename T>
  T* Take(size_t count) {
    return reinterpret_cast<T*>(TakeBytes(count * sizeof(T), alignof(T)));
  }

  /// Room for `bytes` bytes at a multiple of `alignment` (a power of two);
  /// nullptr while counting, and for none. One function for every type
  /// Take() is called with.
  uint8_t* TakeBytes(size_t bytes, size_t alignment) {
    const size_t start = (used_ + alignment - 1) & ~(alignment - 1);
    used_ = start + bytes;
    if (storage_ == nullptr || bytes == 0 || used_ > size_) return nullptr;
    return storage_ + start;
  }

  size_t used() const { return used_; }
  bool counting() const { return storage_ == nullptr; }

 private:
  uint8_t* storage_ = nullptr;
  size_t size_ = 0;
  size_t used_ = 0;
};

}  // namespace tinyfair::runtime::internal
