# The size budgets of one board (budgets/<board>.txt): fails when an image's
# flash or RAM, or a call's painted stack depth, exceeds its budget; reports
# every figure under its budget, so that the budget gets tightened.
#
#   cmake -DSIZE=<prefix>size -DBOARD=<board> -DBUDGETS=<budgets/board.txt>
#         "-DIMAGES=<name>=<elf>|..." [-DQEMU=<word|word...> -DCOSTS=<elf>]
#         [-DPLANT=<image>] -DMEASURED=<out.txt> -P check_budgets.cmake
#
# IMAGES: the size images, counted as the size report counts them
# (image_sections.cmake). QEMU and COSTS: the board's emulator command
# ("<ELF>" for the image) and the measurement image bench_runtime_costs,
# whose "stack ..." lines give the stack figures: for load, decide and
# decide_tables the deepest over its models, for load_signed and
# ed25519_verify its one figure. MEASURED receives the budget file with
# today's figures in place of the budgets: what to commit when a budget
# moves. Every image and call must have a budget, and every budget an image
# or a call (the stack budgets are checked only with COSTS). PLANT: the
# image's flash budget is taken as its measured flash less 64 B, as if the
# image had grown 64 B over its budget: the control that shows the check
# fails, and with which message, whatever the other figures.
cmake_minimum_required(VERSION 3.25)

foreach(variable SIZE BOARD BUDGETS IMAGES MEASURED)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "check_budgets.cmake: -D${variable}=... is required")
  endif()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/image_sections.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../targets/common/qemu_runner.cmake")

# 17032 -> "17,032".
function(thousands value out_var)
  set(text "${value}")
  set(grouped "")
  while(text MATCHES "^([0-9]+)([0-9][0-9][0-9])$")
    set(grouped ",${CMAKE_MATCH_2}${grouped}")
    set(text "${CMAKE_MATCH_1}")
  endwhile()
  set(${out_var} "${text}${grouped}" PARENT_SCOPE)
endfunction()

# Reads the budget file: sets budget_<kind>_<name>_<figure> for each figure,
# <kind>_names to the names of each kind (image, stack) in the file's order,
# and budget_lines to the file's lines.
macro(read_budgets)
  file(STRINGS "${BUDGETS}" budget_lines)
  set(image_names "")
  set(stack_names "")
  foreach(line IN LISTS budget_lines)
    string(REPLACE "," "" bare "${line}")
    if(bare MATCHES "^[ \t]*(#|$)")
      continue()
    elseif(bare MATCHES "^image[ \t]+([A-Za-z0-9_]+)[ \t]+([0-9]+)[ \t]+([0-9]+)[ \t]*$")
      list(APPEND image_names ${CMAKE_MATCH_1})
      set(budget_image_${CMAKE_MATCH_1}_flash ${CMAKE_MATCH_2})
      set(budget_image_${CMAKE_MATCH_1}_ram ${CMAKE_MATCH_3})
    elseif(bare MATCHES "^stack[ \t]+([A-Za-z0-9_]+)[ \t]+([0-9]+)[ \t]*$")
      list(APPEND stack_names ${CMAKE_MATCH_1})
      set(budget_stack_${CMAKE_MATCH_1}_stack ${CMAKE_MATCH_2})
    else()
      message(FATAL_ERROR "${BUDGETS}: not 'image <name> <flash> <RAM>', "
                          "'stack <call> <bytes>' or a comment: '${line}'")
    endif()
  endforeach()
endmacro()

# Sets measured_image_<name>_flash and _ram for every image of IMAGES, and
# built_images to their names.
macro(measure_images)
  string(REPLACE "|" ";" image_entries "${IMAGES}")
  set(built_images "")
  foreach(entry IN LISTS image_entries)
    if(NOT entry MATCHES "^([^=]+)=(.+)$")
      message(FATAL_ERROR "IMAGES entry '${entry}' is not <name>=<elf>")
    endif()
    set(name "${CMAKE_MATCH_1}")
    tinyfair_image_sections("${SIZE}" "${CMAKE_MATCH_2}" img)
    list(APPEND built_images ${name})
    set(measured_image_${name}_flash ${img_flash})
    set(measured_image_${name}_ram ${img_ram})
  endforeach()
endmacro()

# Runs the measurement image; sets measured_stack_<call>_stack to the
# deepest figure of each call, deepest_<call> to the model it was measured
# on, and measured_calls to the calls.
macro(measure_stacks)
  set(measured_calls "")
  if(DEFINED COSTS)
    tinyfair_run_image(costs_output COMMAND "${QEMU}" ELF "${COSTS}" TIMEOUT 600)
    if(NOT costs_output MATCHES "(^|\n)done\n")
      message(FATAL_ERROR "${COSTS} did not finish:\n${costs_output}")
    endif()
    string(REGEX MATCHALL "(verify stack [a-z0-9_]+|stack [A-Za-z0-9_]+ [a-z_]+) [0-9]+" stack_lines
           "${costs_output}")
    foreach(line IN LISTS stack_lines)
      if(line MATCHES "^verify stack ([a-z0-9_]+) ([0-9]+)$")
        set(call ${CMAKE_MATCH_1})
        set(model "")
        set(bytes ${CMAKE_MATCH_2})
        if(call STREQUAL "load_unsigned")
          continue()  # A model's Load, counted with the others'.
        endif()
      elseif(line MATCHES "^stack ([A-Za-z0-9_]+) ([a-z_]+) ([0-9]+)$")
        set(model ${CMAKE_MATCH_1})
        set(call ${CMAKE_MATCH_2})
        set(bytes ${CMAKE_MATCH_3})
      else()
        continue()
      endif()
      if(NOT call IN_LIST measured_calls)
        list(APPEND measured_calls ${call})
        set(measured_stack_${call}_stack 0)
      endif()
      if(bytes GREATER measured_stack_${call}_stack)
        set(measured_stack_${call}_stack ${bytes})
        set(deepest_${call} "${model}")
      endif()
    endforeach()
    if(NOT measured_calls)
      message(FATAL_ERROR "${COSTS} printed no stack figure:\n${costs_output}")
    endif()
  endif()
endmacro()

# Compares one figure with its budget: appends to failures when over, to
# slack when under.
function(compare kind name figure what)
  set(measured ${measured_${kind}_${name}_${figure}})
  set(budget ${budget_${kind}_${name}_${figure}})
  thousands(${measured} measured_text)
  thousands(${budget} budget_text)
  if(measured GREATER budget)
    math(EXPR excess "${measured} - ${budget}")
    thousands(${excess} excess_text)
    list(APPEND failures
         "budget: ${BOARD} ${what} ${measured_text} B > budget ${budget_text} B (+${excess_text} B)")
  elseif(measured LESS budget)
    math(EXPR spare "${budget} - ${measured}")
    thousands(${spare} spare_text)
    list(APPEND slack "under budget: ${BOARD} ${what} ${measured_text} B < budget ${budget_text} B "
                      "(-${spare_text} B): tighten the budget")
  endif()
  set(failures "${failures}" PARENT_SCOPE)
  set(slack "${slack}" PARENT_SCOPE)
endfunction()

# The budget file with the measured figures, its comments kept.
function(write_measured)
  set(text "")
  foreach(line IN LISTS budget_lines)
    string(REPLACE "," "" bare "${line}")
    # The name first: if() expands every argument before it matches.
    set(name "")
    if(bare MATCHES "^(image|stack)[ \t]+([A-Za-z0-9_]+)[ \t]")
      set(name ${CMAKE_MATCH_2})
    endif()
    if(bare MATCHES "^image" AND DEFINED measured_image_${name}_flash)
      thousands(${measured_image_${name}_flash} flash)
      thousands(${measured_image_${name}_ram} ram)
      string(LENGTH "${name}" length)
      math(EXPR pad "32 - ${length}")
      string(REPEAT " " ${pad} padding)
      string(LENGTH "${flash}" length)
      math(EXPR pad "8 - ${length}")
      string(REPEAT " " ${pad} flash_padding)
      string(LENGTH "${ram}" length)
      math(EXPR pad "8 - ${length}")
      string(REPEAT " " ${pad} ram_padding)
      string(APPEND text "image ${name}${padding}${flash_padding}${flash}${ram_padding}${ram}\n")
    elseif(bare MATCHES "^stack" AND DEFINED measured_stack_${name}_stack)
      thousands(${measured_stack_${name}_stack} bytes)
      string(LENGTH "${name}${bytes}" length)
      math(EXPR pad "40 - ${length}")
      string(REPEAT " " ${pad} padding)
      string(APPEND text "stack ${name}${padding}${bytes}\n")
    else()
      string(APPEND text "${line}\n")
    endif()
  endforeach()
  file(WRITE "${MEASURED}" "${text}")
endfunction()

read_budgets()
measure_images()
if(DEFINED PLANT)
  if(NOT DEFINED measured_image_${PLANT}_flash)
    message(FATAL_ERROR "PLANT: no image ${PLANT}")
  endif()
  math(EXPR budget_image_${PLANT}_flash "${measured_image_${PLANT}_flash} - 64")
endif()
measure_stacks()

set(failures "")
set(slack "")
foreach(name IN LISTS built_images)
  if(NOT name IN_LIST image_names)
    list(APPEND failures
         "budget: ${BOARD} ${name} has no budget (add 'image ${name} <flash> <RAM>')")
    continue()
  endif()
  compare(image ${name} flash "${name} flash")
  compare(image ${name} ram "${name} RAM")
endforeach()
foreach(name IN LISTS image_names)
  if(NOT name IN_LIST built_images)
    list(APPEND failures "budget: ${BOARD} image ${name} has a budget but is not built")
  endif()
endforeach()
foreach(call IN LISTS measured_calls)
  if(NOT call IN_LIST stack_names)
    list(APPEND failures
         "budget: ${BOARD} stack of ${call} has no budget (add 'stack ${call} <bytes>')")
    continue()
  endif()
  set(on "")
  if(deepest_${call})
    set(on " (${deepest_${call}})")
  endif()
  compare(stack ${call} stack "stack of ${call}${on}")
endforeach()
foreach(call IN LISTS stack_names)
  if(DEFINED COSTS AND NOT call IN_LIST measured_calls)
    list(APPEND failures "budget: ${BOARD} stack of ${call} has a budget but is not measured")
  endif()
endforeach()

write_measured()
foreach(line IN LISTS slack)
  message("${line}")
endforeach()
if(failures)
  # Plain messages: CMake would wrap an error's long lines.
  foreach(line IN LISTS failures)
    message("${line}")
  endforeach()
  message(FATAL_ERROR "A budget moves only in a commit that says why; the measured figures, "
                      "in the budget file's form: ${MEASURED}")
endif()
list(LENGTH built_images image_count)
list(LENGTH measured_calls call_count)
message("budget: ${BOARD}: ${image_count} images and ${call_count} stack figures within budget")
