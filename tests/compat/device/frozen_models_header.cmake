# tinyfair_write_frozen_models_header(<models dir> <header>): every frozen
# model file (<models dir>/<version>/<Name>.pb) as bytes in <header>, with a
# registry kFrozenModels of {"<version>/<Name>", bytes, size, record hash},
# ordered by version and name, for the firmware that decides them on a board.
# The record hash (the model_hash today's records must carry) is computed
# here, by CMake, not by the runtime under test.
include(${CMAKE_CURRENT_LIST_DIR}/../frozen_model_digests.cmake)
function(tinyfair_write_frozen_models_header models_dir header)
  file(GLOB models CONFIGURE_DEPENDS RELATIVE ${models_dir} ${models_dir}/*/*.pb)
  list(SORT models)
  set(text "// Generated from tests/compat/models at configure time: do not edit.\n")
  string(APPEND text "#pragma once\n\n#include <stddef.h>\n#include <stdint.h>\n\n")
  string(APPEND text "namespace tinyfair_frozen {\n\n")
  set(registry)
  set(index 0)
  foreach(model IN LISTS models)
    file(READ ${models_dir}/${model} hex HEX)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    string(REGEX REPLACE "((0x..,){16})" "\\1\n    " bytes "${bytes}")
    string(APPEND text "alignas(8) inline constexpr uint8_t kModel${index}[] = {\n    ${bytes}};\n")
    string(REGEX REPLACE "\\.pb$" "" name "${model}")
    tinyfair_frozen_record_hash(${models_dir}/${model} record_hash)
    string(APPEND registry
           "    {\"${name}\", kModel${index}, sizeof(kModel${index}), \"${record_hash}\"},\n")
    math(EXPR index "${index} + 1")
  endforeach()
  string(APPEND text "\nstruct FrozenModel {\n  const char* name;\n  const uint8_t* bytes;\n")
  string(APPEND text "  size_t size;\n  const char* record_hash;\n};\n\ninline constexpr FrozenModel kFrozenModels[] = {\n")
  string(APPEND text "${registry}};\n\n}  // namespace tinyfair_frozen\n")
  file(CONFIGURE OUTPUT ${header} CONTENT "${text}" @ONLY)
endfunction()
