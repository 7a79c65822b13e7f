// Whether a list holds a value: the std::find idiom, named once.
#pragma once

#include <algorithm>
#include <iterator>

namespace tinyfair::host::common {

template <typename List, typename Value>
bool Contains(const List& list, const Value& value) {
  return std::find(std::begin(list), std::end(list), value) != std::end(list);
}

}  // namespace tinyfair::host::common
