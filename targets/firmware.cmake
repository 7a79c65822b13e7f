# CMake functions that build bare-metal firmware images and run them as CTest tests under QEMU.
#
# Include after project() in a build configured for a board:
#   cmake -G Ninja -DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/arm-none-eabi-gcc.cmake \
#         -DTINYFAIR_BOARD=mps2_an386 <source dir>
#   include(<repo>/targets/firmware.cmake)
#
# Functions (the first argument may also be given as NAME <name>):
#   tinyfair_add_firmware(<name> SOURCES <src>... [LINK_LIBRARIES <lib>...]
#                         [STACK_SIZE <bytes>])
#     Executable <name>.elf with the board's startup code, semihosting,
#     runtime stubs and linker script; writes <name>.map next to it and
#     prints <toolchain prefix>size (arm-none-eabi-size, ...) after each link.
#   tinyfair_add_qemu_test(<name> FIRMWARE <target> [ARGS <word>...]
#                          [WORKING_DIRECTORY <dir>] [TIMEOUT <seconds>])
#     Runs the image in the board's emulator; passes only on exit code 0.
#     ARGS reach the firmware as the semihosting command line (QEMU -append,
#     joined with spaces). Relative paths opened by the firmware resolve
#     against WORKING_DIRECTORY (default: the current binary directory).
#   tinyfair_qemu_command_argument(<out-var>)
#     The emulator command as one argument for a test script that runs an
#     image with common/qemu_runner.cmake.
#   tinyfair_add_no_allocator_test(<name> FIRMWARE <target>)
#     Fails if the image defines or references malloc/free/operator new/...
#   tinyfair_add_no_soft_float_test(<name> FIRMWARE <target> [WILL_FAIL])
#     Fails if the image links a soft-float routine (WILL_FAIL: a control).
#   tinyfair_add_no_signature_code_test(<name> FIRMWARE <target> [WILL_FAIL])
#     Fails if the image links Ed25519 or SHA-512 (WILL_FAIL: a control).

include_guard(GLOBAL)

if(NOT TINYFAIR_BOARD OR NOT DEFINED TINYFAIR_QEMU_COMMAND)
  message(FATAL_ERROR
    "firmware.cmake needs a board. Configure with "
    "-DCMAKE_TOOLCHAIN_FILE=<repo>/targets/cmake/<toolchain>.cmake (the one the "
    "board's board.cmake names) -DTINYFAIR_BOARD=<folder under targets/, e.g. mps2_an386>")
endif()

set(TINYFAIR_TARGETS_DIR "${CMAKE_CURRENT_LIST_DIR}")
# Linker scripts the board scripts may INCLUDE; relinks when they change.
file(GLOB TINYFAIR_LINKER_INCLUDES CONFIGURE_DEPENDS "${TINYFAIR_TARGETS_DIR}/common/*.ld")
get_filename_component(_tinyfair_repo_dir "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

if(NOT DEFINED TINYFAIR_QEMU_TIMEOUT)
  set(TINYFAIR_QEMU_TIMEOUT 120)
endif()

# Binutils next to the compiler, so a toolchain outside PATH works too.
get_filename_component(_tinyfair_compiler_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
find_program(TINYFAIR_SIZE_EXECUTABLE "${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}size"
             HINTS "${_tinyfair_compiler_dir}")
find_program(TINYFAIR_NM_EXECUTABLE "${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}nm"
             HINTS "${_tinyfair_compiler_dir}")
if(NOT TINYFAIR_NM_EXECUTABLE)
  message(FATAL_ERROR "${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}nm not found")
endif()

list(GET TINYFAIR_QEMU_COMMAND 0 _tinyfair_qemu_program)
find_program(TINYFAIR_QEMU_EXECUTABLE "${_tinyfair_qemu_program}")
if(NOT TINYFAIR_QEMU_EXECUTABLE)
  message(WARNING "${_tinyfair_qemu_program} not found: QEMU tests will fail")
  set(TINYFAIR_QEMU_EXECUTABLE "${_tinyfair_qemu_program}")
endif()

# Options for the sources built here; -Os wins over the build type's -O
# level. CPU flags, the C library's --specs, -ffunction-sections/-fdata-sections
# and -fno-exceptions/-fno-rtti/-fno-threadsafe-statics come from the
# toolchain file for every target in the build.
set(TINYFAIR_FIRMWARE_COMPILE_OPTIONS -Os -Wall -Wextra)
if(TINYFAIR_WARNINGS_AS_ERRORS AND PROJECT_IS_TOP_LEVEL)
  list(APPEND TINYFAIR_FIRMWARE_COMPILE_OPTIONS -Werror)
endif()

# Startup code, semihosting and runtime stubs, linked into every image as
# objects (not an archive) so their abort(), __cxa_atexit() and friends
# always take precedence over the newlib and picolibc versions.
add_library(tinyfair_target_runtime OBJECT
  ${TINYFAIR_STARTUP_SOURCES}
  "${TINYFAIR_TARGETS_DIR}/common/semihosting.cc"
  "${TINYFAIR_TARGETS_DIR}/common/syscalls.cc")
target_include_directories(tinyfair_target_runtime PUBLIC "${_tinyfair_repo_dir}")
target_compile_definitions(tinyfair_target_runtime PRIVATE ${TINYFAIR_BOARD_DEFINITIONS})
target_compile_options(tinyfair_target_runtime PRIVATE ${TINYFAIR_FIRMWARE_COMPILE_OPTIONS})
# A startup that calls main() from assembly hides that call from link-time
# optimisation, which would then drop main(): the board asks for it to be
# compiled as a plain object (TINYFAIR_STARTUP_WITHOUT_LTO).
if(TINYFAIR_STARTUP_WITHOUT_LTO)
  set_source_files_properties(${TINYFAIR_STARTUP_SOURCES} PROPERTIES COMPILE_OPTIONS -fno-lto)
endif()
set_target_properties(tinyfair_target_runtime PROPERTIES
  CXX_STANDARD 17
  CXX_STANDARD_REQUIRED ON
  CXX_EXTENSIONS OFF)

# Accepts "<name> ..." as well as "NAME <name> ...".
macro(_tinyfair_parse_name function_name)
  if(NOT ARG_NAME)
    list(LENGTH ARG_UNPARSED_ARGUMENTS _tinyfair_unparsed_count)
    if(_tinyfair_unparsed_count EQUAL 1)
      set(ARG_NAME "${ARG_UNPARSED_ARGUMENTS}")
    endif()
  elseif(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${function_name}: unexpected arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_NAME)
    message(FATAL_ERROR "${function_name}: needs a name")
  endif()
endmacro()

function(tinyfair_add_firmware)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "NAME;STACK_SIZE" "SOURCES;LINK_LIBRARIES")
  _tinyfair_parse_name(tinyfair_add_firmware)
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "tinyfair_add_firmware(${ARG_NAME}): SOURCES is empty")
  endif()
  set(name "${ARG_NAME}")

  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE tinyfair_target_runtime ${ARG_LINK_LIBRARIES})
  target_compile_options(${name} PRIVATE ${TINYFAIR_FIRMWARE_COMPILE_OPTIONS})
  if(NOT DEFINED CMAKE_CXX_STANDARD)
    set_target_properties(${name} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
  endif()
  if(NOT DEFINED CMAKE_CXX_EXTENSIONS)
    set_target_properties(${name} PROPERTIES CXX_EXTENSIONS OFF)
  endif()

  set(map_file "$<TARGET_FILE_DIR:${name}>/${name}.map")
  # The C library's --specs and the CPU flags reach the link through CMAKE_CXX_FLAGS.
  # -L lets the board's linker script INCLUDE the shared section layouts.
  target_link_options(${name} PRIVATE
    "-T${TINYFAIR_LINKER_SCRIPT}"
    "-L${TINYFAIR_TARGETS_DIR}/common"
    -nostartfiles
    -Wl,--gc-sections
    "-Wl,-Map=${map_file}")
  if(ARG_STACK_SIZE)
    target_link_options(${name} PRIVATE "-Wl,--defsym=__stack_size=${ARG_STACK_SIZE}")
  endif()
  set_target_properties(${name} PROPERTIES
    SUFFIX ".elf"
    LINK_DEPENDS "${TINYFAIR_LINKER_SCRIPT};${TINYFAIR_LINKER_INCLUDES}"
    ADDITIONAL_CLEAN_FILES "${map_file}")

  if(TINYFAIR_SIZE_EXECUTABLE)
    add_custom_command(TARGET ${name} POST_BUILD
      COMMAND "${TINYFAIR_SIZE_EXECUTABLE}" "$<TARGET_FILE:${name}>"
      VERBATIM)
  endif()
endfunction()

# tinyfair_qemu_command_argument(<out-var>): the board's emulator command as
# one add_test argument for the scripts that run images
# (common/qemu_runner.cmake): "|" between words, "<ELF>" for the image.
function(tinyfair_qemu_command_argument out_var)
  string(REPLACE ";" "|" joined "${TINYFAIR_QEMU_COMMAND}")
  set(${out_var} "${joined}" PARENT_SCOPE)
endfunction()

# tinyfair_qemu_command_for(<image> <out-var>): the board's emulator command
# line for the firmware target <image>, one list element per word.
function(tinyfair_qemu_command_for image out_var)
  set(command "")
  foreach(word IN LISTS TINYFAIR_QEMU_COMMAND)
    string(REPLACE "<ELF>" "$<TARGET_FILE:${image}>" word "${word}")
    list(APPEND command "${word}")
  endforeach()
  set(${out_var} "${command}" PARENT_SCOPE)
endfunction()

function(tinyfair_add_qemu_test)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "NAME;FIRMWARE;WORKING_DIRECTORY;TIMEOUT" "ARGS")
  _tinyfair_parse_name(tinyfair_add_qemu_test)
  if(NOT TARGET "${ARG_FIRMWARE}")
    message(FATAL_ERROR "tinyfair_add_qemu_test(${ARG_NAME}): FIRMWARE '${ARG_FIRMWARE}' is not a target")
  endif()

  tinyfair_qemu_command_for(${ARG_FIRMWARE} command)
  list(REMOVE_AT command 0)
  list(PREPEND command "${TINYFAIR_QEMU_EXECUTABLE}")

  if(ARG_ARGS)
    foreach(word IN LISTS ARG_ARGS)
      if(word MATCHES "[ \t]")
        # The firmware splits its command line at spaces.
        message(FATAL_ERROR "tinyfair_add_qemu_test(${ARG_NAME}): ARGS word '${word}' contains blanks")
      endif()
    endforeach()
    list(JOIN ARG_ARGS " " joined)
    list(APPEND command -append "${joined}")
  endif()

  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT ${TINYFAIR_QEMU_TIMEOUT})
  endif()

  add_test(NAME ${ARG_NAME} COMMAND ${command} WORKING_DIRECTORY "${ARG_WORKING_DIRECTORY}")
  set_tests_properties(${ARG_NAME} PROPERTIES TIMEOUT ${ARG_TIMEOUT} LABELS "qemu")
endfunction()

# _tinyfair_add_symbol_check(<function> <script> <label> <args>...): the test
# that runs targets/common/<script> on FIRMWARE's symbol table, labelled
# <label>; WILL_FAIL for the control, an image that must be caught.
function(_tinyfair_add_symbol_check function_name script label)
  cmake_parse_arguments(PARSE_ARGV 3 ARG "WILL_FAIL" "NAME;FIRMWARE" "")
  _tinyfair_parse_name(${function_name})
  if(NOT TARGET "${ARG_FIRMWARE}")
    message(FATAL_ERROR "${function_name}(${ARG_NAME}): FIRMWARE '${ARG_FIRMWARE}' is not a target")
  endif()
  add_test(NAME ${ARG_NAME}
    COMMAND "${CMAKE_COMMAND}"
            "-DELF=$<TARGET_FILE:${ARG_FIRMWARE}>"
            "-DNM=${TINYFAIR_NM_EXECUTABLE}"
            -P "${TINYFAIR_TARGETS_DIR}/common/${script}")
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS "${label}")
  if(ARG_WILL_FAIL)
    set_tests_properties(${ARG_NAME} PROPERTIES WILL_FAIL TRUE)
  endif()
endfunction()

# tinyfair_add_no_soft_float_test(<name> FIRMWARE <target> [WILL_FAIL]): the
# image links no floating-point routine (check_no_soft_float.cmake).
function(tinyfair_add_no_soft_float_test)
  _tinyfair_add_symbol_check(tinyfair_add_no_soft_float_test check_no_soft_float.cmake
    no-soft-float ${ARGN})
endfunction()

# tinyfair_add_no_signature_code_test(<name> FIRMWARE <target> [WILL_FAIL]):
# the image links no Ed25519 or SHA-512 (check_no_signature_code.cmake).
function(tinyfair_add_no_signature_code_test)
  _tinyfair_add_symbol_check(tinyfair_add_no_signature_code_test check_no_signature_code.cmake
    no-signature-code ${ARGN})
endfunction()

function(tinyfair_add_no_allocator_test)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "NAME;FIRMWARE" "")
  _tinyfair_parse_name(tinyfair_add_no_allocator_test)
  if(NOT TARGET "${ARG_FIRMWARE}")
    message(FATAL_ERROR "tinyfair_add_no_allocator_test(${ARG_NAME}): FIRMWARE '${ARG_FIRMWARE}' is not a target")
  endif()
  add_test(NAME ${ARG_NAME}
    COMMAND "${CMAKE_COMMAND}"
            "-DELF=$<TARGET_FILE:${ARG_FIRMWARE}>"
            "-DNM=${TINYFAIR_NM_EXECUTABLE}"
            -P "${TINYFAIR_TARGETS_DIR}/common/check_no_allocator.cmake")
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS "no-allocator")
endfunction()
