# The runtime's capacities as configure-time settings. proto/tinyfair/model.options
# sets each one once: a comment naming a variable, "(TINYFAIR_MAX_INPUTS)",
# tags every max_count line after it, up to the next comment. A build that
# sets the variable (cmake -DTINYFAIR_MAX_INPUTS=16, or Zephyr's Kconfig)
# gets the file with those lines' values replaced; one that does not gets
# the file's own values. The runtime's C++ constants follow from the
# generated structures (runtime/public/tinyfair_runtime/capacity.h).
include_guard(GLOBAL)

# tinyfair_write_options(<in> <out>): writes <out> from <in> with every
# tagged max_count set from its variable, when that variable is set; lists
# the capacities in force in TINYFAIR_CAPACITIES_IN_FORCE ("NAME=value;...").
function(tinyfair_write_options in out)
  file(STRINGS "${in}" lines)
  set(text "")
  set(tag "")
  set(in_force "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^#")
      set(tag "")
      if(line MATCHES "\\((TINYFAIR_MAX_[A-Z_]+)\\)")
        set(tag "${CMAKE_MATCH_1}")
      endif()
    elseif(tag AND line MATCHES "^(.*max_count:)([0-9]+)(.*)$")
      set(prefix "${CMAKE_MATCH_1}")
      set(value "${CMAKE_MATCH_2}")
      set(suffix "${CMAKE_MATCH_3}")
      if(NOT "${${tag}}" STREQUAL "")
        if(NOT "${${tag}}" MATCHES "^[1-9][0-9]*$")
          message(FATAL_ERROR "${tag}=${${tag}}: a capacity is a positive integer")
        endif()
        set(value "${${tag}}")
      endif()
      set(line "${prefix}${value}${suffix}")
      if(NOT "${tag}=${value}" IN_LIST in_force)
        list(APPEND in_force "${tag}=${value}")
      endif()
    endif()
    string(APPEND text "${line}\n")
  endforeach()
  file(CONFIGURE OUTPUT "${out}" CONTENT "${text}" @ONLY)
  set(TINYFAIR_CAPACITIES_IN_FORCE "${in_force}" PARENT_SCOPE)
endfunction()
