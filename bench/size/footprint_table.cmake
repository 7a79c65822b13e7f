# The footprint table `tinyfair inspect --footprint` reads: what each way of
# shipping a model costs on this board apart from the model itself, measured
# from the footprint size images (footprint_decoder.cc, footprint_tables.cc
# built with a golden model), and the capacities the board was built with.
#
#   cmake -DVALUES=<size_report.cmake VALUES of the images> -DBOARD=<board>
#         -DKINDS=<rule kind|...> "-DCAPACITIES=<NAME=value|...>" -DOUT=<table>
#         -DDECODER_MODEL_HEADER=<the decoder image's footprint_model.h>
#         -DDECODER_INTEGER_MODEL_HEADER=<the same of the decoder_integer image>
#         [-DLTO=ON: the images were linked with link-time optimisation]
#         -P footprint_table.cmake
#
# The images are "decoder", "decoder_integer" (a firmware that accepts integer
# models, with one) and "tables_<kind>"; size_report.cmake wrote each
# one's sections over the baseline image and its symbols (<image>.nm.txt,
# nm -S -C, next to VALUES). A model's own bytes are its symbols
# tinyfair_models::kFootprintModel... (the .pb array; the tables and their
# arrays) and the storage the decoder's g_model keeps beyond them (the
# header's kFootprintModelInPlaceStorageBytes): they are subtracted, so what
# is left is the path's fixed cost.
# Lines: "<key> <value>"; '#' starts a comment.
cmake_minimum_required(VERSION 3.25)

foreach(variable VALUES BOARD KINDS CAPACITIES OUT DECODER_MODEL_HEADER
                 DECODER_INTEGER_MODEL_HEADER)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "footprint_table.cmake: -D${variable}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" KINDS "${KINDS}")
string(REPLACE "|" ";" CAPACITIES "${CAPACITIES}")
get_filename_component(values_dir "${VALUES}" DIRECTORY)

file(STRINGS "${VALUES}" value_lines)
# The figure <column> of <image> from VALUES.
function(image_value image column out_var)
  foreach(line IN LISTS value_lines)
    if(line MATCHES "^${image} ${column} \\+?(-?[0-9]+)$")
      set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "footprint_table.cmake: ${VALUES} has no '${image} ${column}'")
endfunction()

# The sum of the sizes of <image>'s symbols whose name matches <regex>.
function(symbol_bytes image regex out_var)
  file(STRINGS "${values_dir}/${image}.nm.txt" symbols)
  set(total 0)
  foreach(line IN LISTS symbols)
    if(NOT line MATCHES "^[0-9a-fA-F]+ ([0-9a-fA-F]+) [A-Za-z] (.+)$")
      continue()
    endif()
    set(size "${CMAKE_MATCH_1}")
    if(CMAKE_MATCH_2 MATCHES "${regex}")
      math(EXPR total "${total} + 0x${size}")
    endif()
  endforeach()
  set(${out_var} ${total} PARENT_SCOPE)
endfunction()

set(model_symbols "^tinyfair_models::kFootprintModel")
set(text "# Footprint table of ${BOARD}, written by bench/size/footprint_table.cmake from\n")
string(APPEND text "# the footprint size images (bytes over the baseline image, the model's own\n")
string(APPEND text "# symbols subtracted). Read by tinyfair inspect --footprint.\n")
string(APPEND text "board ${BOARD}\n")

# The decoder image <image>'s flash and RAM without the model's own bytes
# and storage (its footprint_model.h, <header>), into <image>.flash and
# <image>.ram; the Model's own size, without the storage, into <sizeof_var>.
function(decoder_figures image header sizeof_var)
  image_value(${image} delta_flash flash)
  image_value(${image} delta_ram ram)
  symbol_bytes(${image} "${model_symbols}$" model_bytes)
  symbol_bytes(${image} "^\\(anonymous namespace\\)::g_model$" model_sizeof)
  if(model_sizeof EQUAL 0)
    message(FATAL_ERROR "footprint_table.cmake: the ${image} image has no g_model")
  endif()
  # The storage the footprint model keeps beyond its bytes is its own too:
  # g_model is a ModelWithStorage<kFootprintModelInPlaceStorageBytes>.
  file(STRINGS "${header}" storage_line REGEX "kFootprintModelInPlaceStorageBytes = [0-9]+")
  if(NOT storage_line MATCHES "= ([0-9]+)")
    message(FATAL_ERROR "footprint_table.cmake: ${header} states no storage bytes")
  endif()
  set(storage_bytes ${CMAKE_MATCH_1})
  math(EXPR flash "${flash} - ${model_bytes}")
  math(EXPR ram "${ram} - ${storage_bytes}")
  # The storage array is alignas(8) and last: g_model holds it rounded up to
  # 8 bytes, and that padding is the storage's, not the Model's.
  math(EXPR model_sizeof "${model_sizeof} - (${storage_bytes} + 7) / 8 * 8")
  set(text "${text}${image}.flash ${flash}\n${image}.ram ${ram}\n" PARENT_SCOPE)
  set(${sizeof_var} ${model_sizeof} PARENT_SCOPE)
endfunction()

decoder_figures(decoder "${DECODER_MODEL_HEADER}" model_sizeof)
string(APPEND text "model.sizeof ${model_sizeof}\n")
decoder_figures(decoder_integer "${DECODER_INTEGER_MODEL_HEADER}" integer_model_sizeof)
if(NOT integer_model_sizeof EQUAL model_sizeof)
  message(FATAL_ERROR "footprint_table.cmake: the Model is ${model_sizeof} B in the decoder image "
                      "and ${integer_model_sizeof} B in decoder_integer")
endif()

set(tables_sizeof 0)
foreach(kind IN LISTS KINDS)
  image_value(tables_${kind} delta_flash flash)
  image_value(tables_${kind} delta_ram ram)
  symbol_bytes(tables_${kind} "${model_symbols}" model_bytes)
  symbol_bytes(tables_${kind} "${model_symbols}Tables$" sizeof)
  # Link-time optimisation folds the tables object into the code that reads
  # it (its fields become constants): then it takes no bytes of its own.
  if(sizeof EQUAL 0 AND NOT LTO)
    message(FATAL_ERROR "footprint_table.cmake: tables_${kind} has no kFootprintModelTables")
  endif()
  set(tables_sizeof ${sizeof})
  math(EXPR flash "${flash} - ${model_bytes}")
  string(APPEND text "tables.${kind}.flash ${flash}\ntables.${kind}.ram ${ram}\n")
endforeach()
string(APPEND text "tables.sizeof ${tables_sizeof}\n")
foreach(capacity IN LISTS CAPACITIES)
  if(NOT capacity MATCHES "^(TINYFAIR_MAX_[A-Z_]+)=([0-9]+)$")
    message(FATAL_ERROR "footprint_table.cmake: capacity '${capacity}' is not NAME=value")
  endif()
  string(APPEND text "capacity.${CMAKE_MATCH_1} ${CMAKE_MATCH_2}\n")
endforeach()
file(WRITE "${OUT}" "${text}")
