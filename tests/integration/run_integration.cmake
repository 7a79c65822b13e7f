# The outside-project test: what the README's "The runtime in your firmware"
# does, step for step, for one route and one board.
#   cmake -DROUTE=package|subdirectory -DBOARD=<board> -DREPO=<checkout>
#         -DPREFIX=<install prefix> -DWORK=<scratch folder> -DMODEL=<model.pb>
#         [-DCHANGE_THRESHOLD_BYTE=<tool>] -P run_integration.cmake
# With CHANGE_THRESHOLD_BYTE (tests/host/codegen/change_threshold_byte.cc)
# the generated unit test also runs over a model with one byte of a
# threshold changed, and must fail naming the first differing record.
# package: the runtime, its board support and the CLI come from PREFIX
# (cmake --install); subdirectory: from the checkout REPO.
# With BENCH_IMAGES (a board build's bench/size/footprint/images.txt) the
# benchmarks' decoder footprint program is
# built in the firmware project too, and its flash must be within 5 % of
# the board build's DemoModel_decoder figure: the runtime a firmware project
# gets is compiled for size whatever its build type.
foreach(variable ROUTE BOARD REPO PREFIX WORK MODEL)
  if(NOT ${variable})
    message(FATAL_ERROR "run_integration.cmake: -D${variable}= is missing")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "${command}\nexited with ${result}:\n${output}")
  endif()
endfunction()

if(ROUTE STREQUAL "package")
  set(tinyfair_dir "${PREFIX}/share/tinyfair")
  set(tf "${PREFIX}/bin/tinyfair")
  set(route_flags "-DCMAKE_PREFIX_PATH=${PREFIX}")
elseif(ROUTE STREQUAL "subdirectory")
  set(tinyfair_dir "${REPO}")
  set(tf "${REPO}/build/host/host_tools/tinyfair")
  if(TINYFAIR_CLI)
    set(tf "${TINYFAIR_CLI}")
  endif()
  set(route_flags "-DTINYFAIR_SOURCE_DIR=${REPO}")
else()
  message(FATAL_ERROR "ROUTE must be package or subdirectory, not '${ROUTE}'")
endif()
# The board's toolchain file and emulator command, as its board.cmake names them.
include("${tinyfair_dir}/targets/${BOARD}/board.cmake")

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/model" "${WORK}/unit_test")
# 1. The model header, with the inputs' names, and the host's decisions.
run("${tf}" codegen --model "${MODEL}" --name DemoModel --out "${WORK}/model/demo_model.h")
set(firmware_dir "${REPO}/tests/integration/firmware")
run("${tf}" simulate --model "${MODEL}" --data "${firmware_dir}/applicants.csv" --seed 2024
    --out "${WORK}/host_decisions.csv")
# The on-device unit test of the model: its C header and the test source,
# the same rows and seed.
run("${tf}" codegen --model "${MODEL}" --name DemoModel --language c
    --out "${WORK}/model/demo_model_c.h")
run("${tf}" codegen --unit-test --model "${MODEL}" --data "${firmware_dir}/applicants.csv"
    --rows 10 --seed 2024 --name DemoModel --model-header demo_model_c.h
    --out "${WORK}/unit_test/demo_model_test.c")
set(changed_flags "")
if(CHANGE_THRESHOLD_BYTE)
  file(MAKE_DIRECTORY "${WORK}/changed")
  run("${CHANGE_THRESHOLD_BYTE}" "${MODEL}" "${WORK}/changed/demo_model_changed.pb")
  run("${tf}" codegen --model "${WORK}/changed/demo_model_changed.pb" --name DemoModel
      --language c --out "${WORK}/changed/demo_model_c.h")
  set(changed_flags "-DCHANGED_MODEL_HEADER_DIR=${WORK}/changed")
endif()
# The same model with its int16 scorer (`export --integer int16`, quantised
# for the same rows), and its unit test: under the same name, in a folder of
# its own, so that the same test runner builds it.
file(MAKE_DIRECTORY "${WORK}/int16")
run("${tf}" export --model "${MODEL}" --out "${WORK}/int16/demo_model_int16.pb" --integer int16
    --data "${firmware_dir}/applicants.csv" --label hired)
run("${tf}" codegen --model "${WORK}/int16/demo_model_int16.pb" --name DemoModel --language c
    --out "${WORK}/int16/demo_model_c.h")
run("${tf}" codegen --unit-test --model "${WORK}/int16/demo_model_int16.pb"
    --data "${firmware_dir}/applicants.csv" --rows 10 --seed 2024 --name DemoModel
    --model-header demo_model_c.h --out "${WORK}/int16/demo_model_test.c")
run("${tf}" codegen --unit-test --integer-inputs --model "${WORK}/int16/demo_model_int16.pb"
    --data "${firmware_dir}/applicants.csv" --rows 10 --seed 2024 --name DemoModel
    --model-header demo_model_c.h --out "${WORK}/int16/demo_model_integer_test.c")
# The tables path's unit tests (codegen --tables --language c): the float
# model's, and the int16 model's from int16 inputs.
file(MAKE_DIRECTORY "${WORK}/tables")
run("${tf}" codegen --tables --language c --model "${MODEL}" --name DemoModel
    --out "${WORK}/tables/demo_model_tables_c.h")
run("${tf}" codegen --unit-test --tables --model "${MODEL}" --data "${firmware_dir}/applicants.csv"
    --rows 10 --seed 2024 --name DemoModel --model-header demo_model_tables_c.h
    --out "${WORK}/tables/demo_model_tables_test.c")
run("${tf}" codegen --tables --language c --model "${WORK}/int16/demo_model_int16.pb"
    --name DemoModel --out "${WORK}/int16/demo_model_tables_c.h")
run("${tf}" codegen --unit-test --tables --integer-inputs
    --model "${WORK}/int16/demo_model_int16.pb" --data "${firmware_dir}/applicants.csv"
    --rows 10 --seed 2024 --name DemoModel --model-header demo_model_tables_c.h
    --out "${WORK}/int16/demo_model_tables_test.c")
# A signed update (with MODEL_JSON, the model's JSON form, which export
# seals): a key pair, the model signed at version 2 with monitor settings and
# at version 1, C headers of both and of the public key, and the host's
# decisions and monitor report for the version 2 model.
set(signed_flags "")
if(MODEL_JSON)
  set(signed "${WORK}/signed")
  file(MAKE_DIRECTORY "${signed}")
  run("${tf}" keygen --out "${signed}/fleet.key")
  foreach(version 1 2)
    run("${tf}" export --model "${MODEL_JSON}" --out "${signed}/model_v${version}.pb"
        --sign "${signed}/fleet.key" --model-version ${version} --monitor-alpha 0.05
        --monitor-tolerance 0.05 --monitor-window 0)
  endforeach()
  run("${tf}" codegen --model "${signed}/model_v2.pb" --name SignedModel --language c
      --out "${signed}/signed_model_c.h")
  run("${tf}" codegen --model "${signed}/model_v1.pb" --name OlderModel --language c
      --out "${signed}/older_model_c.h")
  run("${tf}" codegen --public-key "${signed}/fleet.key.pub" --name Fleet --language c
      --out "${signed}/fleet_public_key.h")
  run("${tf}" simulate --model "${signed}/model_v2.pb" --public-key "${signed}/fleet.key.pub"
      --data "${firmware_dir}/applicants.csv" --seed 2024 --out "${signed}/host_decisions.csv"
      --monitor "${signed}/host_report.pb")
  set(signed_flags "-DSIGNED_MODEL_DIR=${signed}")
endif()
set(footprint_flags "")
if(BENCH_IMAGES)
  file(MAKE_DIRECTORY "${WORK}/footprint")
  run("${tf}" codegen --model "${MODEL}" --name FootprintModel
      --out "${WORK}/footprint/footprint_model.h")
  set(footprint_flags "-DFOOTPRINT_DECODER_SOURCE=${REPO}/bench/size/footprint_decoder.cc"
                      "-DFOOTPRINT_MODEL_HEADER_DIR=${WORK}/footprint")
endif()
# 2. Configure and build the firmware project as a separate CMake project.
run("${CMAKE_COMMAND}" -G Ninja -S "${firmware_dir}" -B "${WORK}/build"
    "-DCMAKE_TOOLCHAIN_FILE=${TINYFAIR_BOARD_TOOLCHAIN_FILE}" "-DTINYFAIR_BOARD=${BOARD}"
    "-DMODEL_HEADER_DIR=${WORK}/model" "-DUNIT_TEST_DIR=${WORK}/unit_test" ${changed_flags}
    "-DINT16_UNIT_TEST_DIR=${WORK}/int16" "-DTABLES_UNIT_TEST_DIR=${WORK}/tables"
    ${signed_flags} ${footprint_flags} ${route_flags})
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(BENCH_IMAGES)
  include("${REPO}/tests/integration/check_image_flash.cmake")
  find_program(SIZE "${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}size")
  tinyfair_check_image_flash("${ROUTE} on ${BOARD}" SIZE "${SIZE}" ELF
    "${WORK}/build/footprint_decoder.elf" BENCH_IMAGES "${BENCH_IMAGES}"
    BENCH_IMAGE DemoModel_decoder PERCENT 5 OTHER_IMAGES
    "${WORK}/build/screening.elf" "${WORK}/build/unit_test.elf")
endif()
# require_parity(<out-var> <host log> <device log> <what>): `tinyfair parity`
# must find the 10 decisions identical; its line into <out-var>.
function(require_parity out_var host device what)
  execute_process(COMMAND "${tf}" parity "${host}" "${device}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE parity ERROR_VARIABLE parity)
  if(NOT status EQUAL 0 OR NOT parity MATCHES "^parity: 10 of 10 decisions identical")
    message(FATAL_ERROR "${ROUTE} on ${BOARD}: ${what}tinyfair parity exited ${status}:\n${parity}")
  endif()
  string(STRIP "${parity}" parity)
  set(${out_var} "${parity}" PARENT_SCOPE)
endfunction()

# 3. Run it in the emulator; `tinyfair parity` must find every decision
# identical, and the device's log must be the host's records byte for byte.
include("${REPO}/targets/common/qemu_runner.cmake")
string(REPLACE ";" "|" qemu_command "${TINYFAIR_QEMU_COMMAND}")
tinyfair_run_image(device COMMAND "${qemu_command}" ELF "${WORK}/build/screening.elf" TIMEOUT 120)
file(WRITE "${WORK}/device_decisions.csv" "${device}")
require_parity(parity "${WORK}/host_decisions.csv" "${WORK}/device_decisions.csv" "")
message(STATUS "${ROUTE} on ${BOARD}: ${parity}")
file(READ "${WORK}/host_decisions.csv" host)
include("${REPO}/tests/device/decision_record_columns.cmake")
tinyfair_decision_record_columns(host "${host}")
if(NOT device STREQUAL host)
  message(FATAL_ERROR "${ROUTE} on ${BOARD}: the device's decisions differ from tinyfair "
                      "simulate's:\ndevice:\n${device}host:\n${host}")
endif()
string(REGEX MATCHALL "\n[0-9a-f]" records "\n${host}")
list(LENGTH records count)
message(STATUS "${ROUTE} on ${BOARD}: ${count} decisions equal to tinyfair simulate's")

# 4. The unit test on the device: every record equal, exit status 0.
tinyfair_run_image(unit_test COMMAND "${qemu_command}" ELF "${WORK}/build/unit_test.elf" TIMEOUT 120)
if(NOT unit_test MATCHES "tinyfair_unit_test_DemoModel: 10 records equal to tinyfair simulate's\n")
  message(FATAL_ERROR "${ROUTE} on ${BOARD}: the unit test said:\n${unit_test}")
endif()
message(STATUS "${ROUTE} on ${BOARD}: ${unit_test}")
# The int16 model's unit test on the device: its records, decided by the
# integer scorer, equal simulate's.
tinyfair_run_image(int16_test COMMAND "${qemu_command}" ELF "${WORK}/build/unit_test_int16.elf"
                   TIMEOUT 120)
if(NOT int16_test MATCHES "tinyfair_unit_test_DemoModel: 10 records equal to tinyfair simulate's\n")
  message(FATAL_ERROR "${ROUTE} on ${BOARD}: the int16 model's unit test said:\n${int16_test}")
endif()
message(STATUS "${ROUTE} on ${BOARD}, the int16 model: ${int16_test}")
# The same on a runtime without float, from int16 inputs, through the
# decoder and through the tables: the same records, and no soft-float
# routine linked. And the float model's tables path.
find_program(nm_tool "${TINYFAIR_BOARD_TOOLCHAIN_PREFIX}nm")
foreach(image unit_test_integer_only unit_test_tables_integer_only unit_test_tables)
  tinyfair_run_image(image_test COMMAND "${qemu_command}" ELF "${WORK}/build/${image}.elf"
                     TIMEOUT 120)
  if(NOT image_test MATCHES
     "tinyfair_unit_test_DemoModel: 10 records equal to tinyfair simulate's\n")
    message(FATAL_ERROR "${ROUTE} on ${BOARD}: ${image} said:\n${image_test}")
  endif()
  set(soft_float "")
  if(image MATCHES "integer_only$")
    run("${CMAKE_COMMAND}" "-DELF=${WORK}/build/${image}.elf" "-DNM=${nm_tool}"
        -P "${tinyfair_dir}/targets/common/check_no_soft_float.cmake")
    set(soft_float " (no soft-float routine linked)")
  endif()
  message(STATUS "${ROUTE} on ${BOARD}, ${image}${soft_float}: ${image_test}")
endforeach()
# The signed update in C: the older model refused (rolled_back), the
# decisions identical to simulate's (tinyfair parity) and the monitor's
# report the host's byte for byte.
if(MODEL_JSON)
  tinyfair_run_image(update COMMAND "${qemu_command}" ELF "${WORK}/build/signed_update.elf"
                     TIMEOUT 120)
  if(NOT update MATCHES "# signed update: the older model refused: rolled_back\n")
    message(FATAL_ERROR "${ROUTE} on ${BOARD}: the signed update said:\n${update}")
  endif()
  string(REGEX MATCH "# report ([0-9a-f]*)\n" report_line "${update}")
  set(device_report "${CMAKE_MATCH_1}")
  string(REGEX REPLACE "#[^\n]*\n" "" update_records "${update}")
  file(WRITE "${signed}/device_decisions.csv" "${update_records}")
  require_parity(parity "${signed}/host_decisions.csv" "${signed}/device_decisions.csv"
                 "the signed update's decisions: ")
  file(READ "${signed}/host_report.pb" host_report HEX)
  if(device_report STREQUAL "" OR NOT device_report STREQUAL host_report)
    message(FATAL_ERROR "${ROUTE} on ${BOARD}: the signed update's monitor report differs from "
                        "tinyfair simulate's:\ndevice: ${device_report}\nhost:   ${host_report}")
  endif()
  string(LENGTH "${host_report}" report_digits)
  math(EXPR report_bytes "${report_digits} / 2")
  message(STATUS "${ROUTE} on ${BOARD}, signed update: the older model refused (rolled_back); "
                 "${parity}; monitor report ${report_bytes} B equal to simulate's")
endif()
if(NOT CHANGE_THRESHOLD_BYTE)
  return()
endif()
# 5. Over the changed model it fails: exit status 1, the first record, the
# fields that differ, both records.
tinyfair_run_image(changed COMMAND "${qemu_command}" ELF "${WORK}/build/unit_test_changed.elf"
                   TIMEOUT 120 RESULT_VARIABLE changed_status)
set(record "[0-9a-f]+,[0-9a-f]+,[0-9a-f]+,[0-9a-f]+,[0-9a-f]+,[0-9a-f]+,[01],[0-9a-f]+,[0-9a-f]+,[0-9a-f]+")
if(NOT changed_status EQUAL 1 OR NOT changed MATCHES
   "^tinyfair_unit_test_DemoModel: record 1 of 10 differs: model_hash probability_bits\n  expected: ${record}\n  device:   ${record}\n$")
  message(FATAL_ERROR "${ROUTE} on ${BOARD}: over the changed model the unit test exited "
                      "${changed_status} and said:\n${changed}")
endif()
message(STATUS "${ROUTE} on ${BOARD}, the model with one threshold byte changed:\n${changed}")
