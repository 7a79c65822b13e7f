# Batched compilation (CMake's unity build): a target's sources compiled 16
# to a translation unit, so that the headers they share are parsed once a
# batch instead of once a file. The test command's builds use it (the host
# preset's build without firmware: 301 s, 595 CPU-s file by file; 163 s,
# 319 CPU-s batched; README, "Tests"); the dev preset, the loop while
# working, compiles every file alone, which keeps each file's includes
# honest. Two sources of one target cannot give file-local names alike.
option(TINYFAIR_UNITY_BUILD "Compile each target's sources in batches (the test command's builds)" OFF)
set(CMAKE_UNITY_BUILD ${TINYFAIR_UNITY_BUILD})
set(CMAKE_UNITY_BUILD_BATCH_SIZE 16)
# GCC takes a batched source for a header, and warns of the file-local types
# its members use (-Wsubobject-linkage): not so in a batch.
add_compile_options(
  "$<$<AND:$<COMPILE_LANG_AND_ID:CXX,GNU>,$<BOOL:$<TARGET_PROPERTY:UNITY_BUILD>>>:-Wno-subobject-linkage>")
