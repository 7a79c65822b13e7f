# The schema as Model::Load's check reads it (runtime/model_reader.cc): a
# copy in the package tinyfair_check (so that its C names differ from the
# working model's), every array a span into the bytes. Its options are the
# build's capacity options renamed to that package, then the check's own
# lines (runtime/model_check.options), so each capacity is still set once and
# the check refuses exactly what the working model cannot hold.
#
#   tinyfair_write_check_schema(PROTO CAPACITY_OPTIONS CHECK_OPTIONS OUT_DIR)
# writes OUT_DIR/tinyfair/model_check.proto and OUT_DIR/model_check.options.
function(tinyfair_write_check_schema proto capacity_options_file check_options_file out_dir)
  file(READ ${proto} check_schema)
  string(REPLACE "\npackage tinyfair;" "\npackage tinyfair_check;" check_schema "${check_schema}")
  file(CONFIGURE OUTPUT ${out_dir}/tinyfair/model_check.proto CONTENT "${check_schema}" @ONLY)
  file(READ ${capacity_options_file} capacity_options)
  string(REPLACE "\ntinyfair." "\ntinyfair_check." capacity_options "\n${capacity_options}")
  file(READ ${check_options_file} check_options)
  file(CONFIGURE OUTPUT ${out_dir}/model_check.options
       CONTENT "${capacity_options}${check_options}" @ONLY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    ${proto} ${capacity_options_file} ${check_options_file})
endfunction()
