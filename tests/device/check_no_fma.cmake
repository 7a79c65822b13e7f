# Disassembles a runtime library or a linked image and passes only when it
# holds no fused multiply-add (vfma, vfms, vfnma, vfnms): the sources' own
# pragma must keep the compiler from contracting, whatever -ffp-contract the
# build passed. Under link-time optimisation the library holds no machine
# code (the code is generated at the link), so the image is what to check.
#   cmake -DOBJDUMP=<objdump> -DLIBRARY=<lib.a or image.elf> -P check_no_fma.cmake
execute_process(COMMAND "${OBJDUMP}" -d "${LIBRARY}"
  RESULT_VARIABLE result OUTPUT_VARIABLE disassembly ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} -d ${LIBRARY} failed: ${errors}")
endif()
string(REGEX MATCHALL "\tvfn?m[as]\\.f32[^\n]*" fused "${disassembly}")
list(LENGTH fused count)
# A library with no floating-point instruction at all would pass vacuously.
string(REGEX MATCHALL "\tvmul\\.f32" products "${disassembly}")
list(LENGTH products product_count)
if(product_count EQUAL 0)
  message(FATAL_ERROR "${LIBRARY} holds no vmul.f32: not a hard-float build of the runtime")
endif()
if(NOT count EQUAL 0)
  list(JOIN fused "\n" listing)
  message(FATAL_ERROR "${LIBRARY}: ${count} fused multiply-adds:\n${listing}")
endif()
message(STATUS "${LIBRARY}: 0 fused multiply-adds, ${product_count} vmul.f32")
