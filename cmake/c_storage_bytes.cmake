# The C API's storage sizes (TINYFAIR_MODEL_STORAGE_BYTES,
# TINYFAIR_MONITOR_STORAGE_BYTES in tinyfair.h) follow the capacities: at
# configure time, the schema code is generated from this build's options
# file and c_storage_bytes_probe.cc is compiled for the target (the build's
# compiler and flags, so cross builds measure their own ABI); the sizes of
# the C++ Model and FairnessMonitor are read back from the object, as
# CMake's CheckTypeSize does, and written to
# <out_dir>/tinyfair_runtime/c_storage_bytes.h. c_api.cc still checks them
# with static_assert.
include_guard(GLOBAL)

# tinyfair_write_c_storage_bytes(<proto_dir> <out_dir> [-D<definition>...]):
# <proto_dir> holds tinyfair/model.proto and the build's
# tinyfair/model.options; the definitions are the runtime's configuration
# (internal/config.h). Uses NANOPB_GENERATOR (a command: a list may start
# with the Python interpreter) and TINYFAIR_NANOPB_SOURCE_DIR (pb.h).
function(tinyfair_write_c_storage_bytes proto_dir out_dir)
  set(probe_dir "${CMAKE_CURRENT_BINARY_DIR}/c_storage_probe")
  file(MAKE_DIRECTORY "${probe_dir}/nanopb")
  execute_process(
    COMMAND ${NANOPB_GENERATOR} -q -e .nanopb -I "${proto_dir}" -D "${probe_dir}/nanopb"
            "${proto_dir}/tinyfair/model.proto"
    RESULT_VARIABLE result ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "tinyfair: nanopb_generator.py failed on the schema: ${error}")
  endif()
  get_filename_component(repo_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/.." ABSOLUTE)
  # An object is all the probe needs, on the host as on a bare-metal target.
  set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
  try_compile(compiled "${probe_dir}/build"
    SOURCES "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/c_storage_bytes_probe.cc"
    CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${repo_dir}/runtime/public;${probe_dir}/nanopb;${TINYFAIR_NANOPB_SOURCE_DIR}"
    COMPILE_DEFINITIONS -DPB_NO_ERRMSG=1 -DPB_BUFFER_ONLY=1 ${ARGN}
    CXX_STANDARD 17
    CXX_STANDARD_REQUIRED ON
    OUTPUT_VARIABLE output
    COPY_FILE "${probe_dir}/probe.a")
  if(NOT compiled)
    message(FATAL_ERROR "tinyfair: the storage size probe does not compile:\n${output}")
  endif()
  file(STRINGS "${probe_dir}/probe.a" strings REGEX "INFO:(model|monitor)\\[[0-9]+\\]")
  foreach(name model monitor)
    if(NOT strings MATCHES "INFO:${name}\\[0*([0-9]+)\\]")
      message(FATAL_ERROR "tinyfair: the storage size probe carries no size of the ${name}")
    endif()
    # The C structs hold the storage as uint64_t words.
    math(EXPR ${name}_bytes "(${CMAKE_MATCH_1} + 7) / 8 * 8")
  endforeach()
  file(CONFIGURE OUTPUT "${out_dir}/tinyfair_runtime/c_storage_bytes.h" CONTENT
"/* Generated at configure time by cmake/c_storage_bytes.cmake: sizeof the
 * C++ Model and FairnessMonitor for this target and these capacities,
 * rounded up to whole uint64_t words. Do not edit. */
#ifndef TINYFAIR_RUNTIME_C_STORAGE_BYTES_H_
#define TINYFAIR_RUNTIME_C_STORAGE_BYTES_H_

#define TINYFAIR_MODEL_STORAGE_BYTES ${model_bytes}
#define TINYFAIR_MONITOR_STORAGE_BYTES ${monitor_bytes}

#endif  /* TINYFAIR_RUNTIME_C_STORAGE_BYTES_H_ */
" @ONLY)
  message(STATUS "tinyfair: C API storage: model ${model_bytes} B, monitor ${monitor_bytes} B")
endfunction()
