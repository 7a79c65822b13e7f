# Host build: the golden parity suite with capacities set at configure time
# to 16 inputs and 4 groups, on the host and on the Cortex-M0 (microbit, the
# board with the least RAM). Each is a separate CMake build of this project
# (an ExternalProject) with TINYFAIR_CAPACITY_PARITY_ONLY, which builds the
# runtime and the parity program only (tests/capacities/CMakeLists.txt);
# their tests join this build's CTest run.
include(ExternalProject)

set(tinyfair_small_capacities -DTINYFAIR_MAX_INPUTS=16 -DTINYFAIR_MAX_GROUPS=4)
# IntersectionalModel forms 6 groups (two attributes, 3 x 2 categories):
# more than 4. Every other golden and fitted model has at most 4 groups and
# 16 inputs.
set(tinyfair_small_capacity_refused IntersectionalModel)

# _tinyfair_small_capacity_build(<where> [<cmake argument>...])
function(_tinyfair_small_capacity_build where)
  set(build_dir ${CMAKE_BINARY_DIR}/capacities/${where})
  ExternalProject_Add(capacity_build_${where}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${build_dir}
    CMAKE_GENERATOR ${CMAKE_GENERATOR}
    CMAKE_ARGS
      ${ARGN}
      -DTINYFAIR_CAPACITY_PARITY_ONLY=ON
      -DTINYFAIR_WARNINGS_AS_ERRORS=ON
      -DTINYFAIR_GOLDEN_DIR=${TINYFAIR_GOLDEN_DIR}
      -DTINYFAIR_NANOPB_SOURCE_DIR=${TINYFAIR_NANOPB_SOURCE_DIR}
      -DTINYFAIR_LIBSODIUM_SOURCE_DIR=${TINYFAIR_LIBSODIUM_SOURCE_DIR}
      -DTINYFAIR_CAPACITY_REFUSED=${tinyfair_small_capacity_refused}
      ${tinyfair_small_capacities}
    BUILD_COMMAND ${CMAKE_COMMAND} --build ${build_dir} --target capacity_parity
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    DEPENDS golden_files)
  file(WRITE ${CMAKE_BINARY_DIR}/capacity_build_${where}_tests.cmake
       "if(EXISTS \"${build_dir}/CTestTestfile.cmake\")\n  subdirs(\"${build_dir}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               ${CMAKE_BINARY_DIR}/capacity_build_${where}_tests.cmake)
endfunction()

_tinyfair_small_capacity_build(host -DCMAKE_BUILD_TYPE=RelWithDebInfo)
if("microbit" IN_LIST TINYFAIR_BOARDS)
  _tinyfair_small_capacity_build(microbit
    -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/targets/cmake/arm-none-eabi-gcc.cmake
    -DTINYFAIR_BOARD=microbit -DCMAKE_BUILD_TYPE=MinSizeRel)
endif()
