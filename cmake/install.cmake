# `cmake --install`: the runtime as a CMake package. The package is the
# runtime's sources, not a prebuilt library, because firmware compiles them
# with its own CPU and ABI flags: find_package(tinyfair) adds the installed
# copy of this project to the caller's build, as add_subdirectory(<repo>)
# does, and gets the same targets (tinyfair::runtime) with the same usage
# requirements. Every path in the package is relative to the package.
#
#   <prefix>/lib/cmake/tinyfair/tinyfairConfig.cmake (and ...ConfigVersion.cmake)
#   <prefix>/share/tinyfair/         CMakeLists.txt, codegen/CMakeLists.txt,
#                                    runtime/, proto/ (schema and capacities),
#                                    targets/ (toolchains, boards, startup),
#                                    nanopb/ (the nanopb runtime sources this
#                                    build used, from Debian's source package)
#                                    libsodium/ (the libsodium parts the runtime
#                                    compiles, from Debian's source package)
#   <prefix>/bin/tinyfair            the CLI (export, codegen, simulate), host builds
#   <prefix>/share/tinyfair/footprint/<board>.txt  each board's footprint table
#                                    (inspect --footprint), host builds with firmware
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TINYFAIR_INSTALL_SHAREDIR "${CMAKE_INSTALL_DATADIR}/tinyfair")
set(TINYFAIR_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/tinyfair")

install(FILES "${PROJECT_SOURCE_DIR}/CMakeLists.txt" DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}")
install(FILES "${PROJECT_SOURCE_DIR}/codegen/CMakeLists.txt"
        DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}/codegen")
install(FILES "${PROJECT_SOURCE_DIR}/cmake/capacities.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/c_storage_bytes.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/c_storage_bytes_probe.cc"
              "${PROJECT_SOURCE_DIR}/cmake/model_check_schema.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/runtime_size_flags.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/test_tiers.cmake"
        DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}/cmake")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/runtime" "${PROJECT_SOURCE_DIR}/proto"
                  "${PROJECT_SOURCE_DIR}/targets"
        DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}")
install(FILES
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb.h"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_common.h"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_common.c"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_decode.h"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_decode.c"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_encode.h"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/pb_encode.c"
  "${TINYFAIR_NANOPB_SOURCE_DIR}/LICENSE.txt"
  DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}/nanopb")
install(DIRECTORY "${TINYFAIR_LIBSODIUM_SOURCE_DIR}/"
        DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}/libsodium"
        PATTERN ".version" EXCLUDE)

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/tinyfairConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/tinyfairConfig.cmake"
  INSTALL_DESTINATION "${TINYFAIR_INSTALL_CMAKEDIR}"
  PATH_VARS TINYFAIR_INSTALL_SHAREDIR)
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/tinyfairConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion
  ARCH_INDEPENDENT)
install(FILES "${PROJECT_BINARY_DIR}/tinyfairConfig.cmake"
              "${PROJECT_BINARY_DIR}/tinyfairConfigVersion.cmake"
        DESTINATION "${TINYFAIR_INSTALL_CMAKEDIR}")

if(TARGET tinyfair)
  install(TARGETS tinyfair RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()
# The footprint table of each board the host build cross-builds
# (bench/size/footprint_table.cmake), where an installed `tinyfair inspect
# --footprint` looks first: <prefix>/share/tinyfair/footprint/<board>.txt.
if(TARGET tinyfair AND TINYFAIR_FIRMWARE)
  foreach(board IN LISTS TINYFAIR_BOARDS)
    install(FILES "${CMAKE_BINARY_DIR}/firmware/${board}/bench/size/footprint.txt"
            DESTINATION "${TINYFAIR_INSTALL_SHAREDIR}/footprint" RENAME "${board}.txt")
  endforeach()
endif()
