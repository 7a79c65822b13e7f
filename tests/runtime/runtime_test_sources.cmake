# The runtime's unit tests: one list for the host (tests/runtime) and for
# every board (tests/device), which add the test framework's output for
# where they run.
set(TINYFAIR_RUNTIME_UNIT_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/keyed_paths_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/codegen_tables_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/crc32_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/decision_digest.cc
  ${CMAKE_CURRENT_LIST_DIR}/decision_record_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/fairness_monitor_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/fast_math_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/float_bits_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/input_layout_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/integer_decide_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/keyed_draws_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_decide_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_bytes.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_hash_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_load_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_storage_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/model_wire_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/monitor_report_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/normal_mixture_boundary_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/prng_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/refused_update_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/required_features_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/subnormal_parameters_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/self_test_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/sha256_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/soft_float_routines_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/test_storage.cc
  ${CMAKE_CURRENT_LIST_DIR}/../framework/tinytest.cc
  ${CMAKE_CURRENT_LIST_DIR}/../framework/test_main.cc)
# The saved monitor state's tests: an image of their own on the boards, with
# 2 KiB of stack (its four monitors at the capacities fit the micro:bit's
# 16 KiB of RAM neither beside the tests above nor with the board's 4.5 KiB of
# stack); with the others on the host.
set(TINYFAIR_RUNTIME_MONITOR_STATE_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/monitor_state_test.cc
  ${CMAKE_CURRENT_LIST_DIR}/../framework/tinytest.cc
  ${CMAKE_CURRENT_LIST_DIR}/../framework/test_main.cc)
