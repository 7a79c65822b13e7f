# tinyfair_frozen_record_hash(<model file> <out var>): the model_hash today's
# records carry for a frozen model, computed by CMake apart from the runtime
# under test: the first 16 hex digits of the file's SHA-256.
function(tinyfair_frozen_record_hash model out_var)
  file(SHA256 ${model} digest)
  string(SUBSTRING "${digest}" 0 16 prefix)
  set(${out_var} "${prefix}" PARENT_SCOPE)
endfunction()

# tinyfair_write_frozen_record_hashes(<models dir> <header>): kFrozenRecordHashes,
# {"<version>/<Name>", "<16 hex digits>"} for every frozen model, for the
# host's check.
function(tinyfair_write_frozen_record_hashes models_dir header)
  file(GLOB models CONFIGURE_DEPENDS RELATIVE ${models_dir} ${models_dir}/*/*.pb)
  list(SORT models)
  set(text "// Generated from tests/compat/models at configure time: do not edit.\n")
  string(APPEND text "#pragma once\n\nnamespace tinyfair_frozen {\n\n")
  string(APPEND text "struct FrozenRecordHash {\n  const char* name;\n  const char* hex;\n};\n\n")
  string(APPEND text "inline constexpr FrozenRecordHash kFrozenRecordHashes[] = {\n")
  foreach(model IN LISTS models)
    tinyfair_frozen_record_hash(${models_dir}/${model} prefix)
    string(REGEX REPLACE "\\.pb$" "" name "${model}")
    string(APPEND text "    {\"${name}\", \"${prefix}\"},\n")
  endforeach()
  string(APPEND text "};\n\n}  // namespace tinyfair_frozen\n")
  file(CONFIGURE OUTPUT ${header} CONTENT "${text}" @ONLY)
endfunction()
