# Compares tinyfair inspect --footprint with the footprint images of each
# model (<model>_decoder, <model>_tables in the board build's
# bench/size/footprint/images.txt, written by size_report.cmake from the
# board's size tool): flash and RAM over the baseline image, per path.
#   cmake -DTINYFAIR=<tinyfair> -DBOARD=<board> -DIMAGES=<images.txt>
#         "-DMODELS=<Name>=<model.pb>|..." -DTOLERANCE=<bytes> -DOUT=<table.md>
#         -P check_footprint.cmake
if(NOT EXISTS "${IMAGES}")
  message(FATAL_ERROR "${IMAGES} is missing: the board build of ${BOARD} writes it "
                      "(cmake --build build/host --target firmware_${BOARD})")
endif()
file(STRINGS "${IMAGES}" image_lines)
function(image_value image column out_var)
  foreach(line IN LISTS image_lines)
    if(line MATCHES "^${image} ${column} \\+?(-?[0-9]+)$")
      set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "${IMAGES} has no '${image} ${column}'")
endfunction()

string(REPLACE "|" ";" MODELS "${MODELS}")
set(table "| model | board | path | flash: inspect | flash: image | difference | RAM: inspect | RAM: image | difference |\n")
string(APPEND table "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
set(failures "")
foreach(entry IN LISTS MODELS)
  if(NOT entry MATCHES "^([^=]+)=(.+)$")
    message(FATAL_ERROR "MODELS entry '${entry}' is not <Name>=<model.pb>")
  endif()
  set(name "${CMAKE_MATCH_1}")
  set(model "${CMAKE_MATCH_2}")
  execute_process(COMMAND "${TINYFAIR}" inspect --footprint --board ${BOARD} --json "${model}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE json ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "tinyfair inspect --footprint --board ${BOARD} ${model} failed:\n${error}")
  endif()
  string(JSON rule GET "${json}" rule)
  foreach(path decoder tables)
    image_value(${name}_${path} delta_flash image_flash)
    image_value(${name}_${path} delta_ram image_ram)
    string(JSON inspect_flash GET "${json}" ${path} flash)
    string(JSON inspect_ram GET "${json}" ${path} ram)
    math(EXPR flash_difference "${inspect_flash} - ${image_flash}")
    math(EXPR ram_difference "${inspect_ram} - ${image_ram}")
    string(APPEND table "| ${name} (${rule}) | ${BOARD} | ${path} | ${inspect_flash} | ${image_flash} "
           "| ${flash_difference} | ${inspect_ram} | ${image_ram} | ${ram_difference} |\n")
    foreach(difference flash_difference ram_difference)
      if(${difference} GREATER ${TOLERANCE} OR ${difference} LESS -${TOLERANCE})
        string(APPEND failures "${name} ${path}: ${difference} = ${${difference}} B\n")
      endif()
    endforeach()
  endforeach()
endforeach()
file(WRITE "${OUT}" "${table}")
message("${table}")
if(failures)
  message(FATAL_ERROR "inspect --footprint is more than ${TOLERANCE} B from the images:\n${failures}")
endif()
