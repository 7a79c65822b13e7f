# cmake -DMODEL=<file> -DOUT=<file> -P write_record_hash.cmake: writes the
# model_hash today's records carry for MODEL (the first 16 hex digits of its
# SHA-256, computed by CMake) into OUT, for tests of models made at build time.
include(${CMAKE_CURRENT_LIST_DIR}/frozen_model_digests.cmake)
tinyfair_frozen_record_hash(${MODEL} prefix)
file(WRITE ${OUT} "${prefix}")
