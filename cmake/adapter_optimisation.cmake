# The optimisation of code whose own run time is negligible beside the
# library's it calls: the CLI's and Python's adapters (option parsing, CLI11
# and pybind11 templates) and the unit tests' bodies. In RelWithDebInfo, the
# build type of the presets the test command uses, they compile at -Og, the
# library stays at the build type's -O2: measured on the host build, a CLI
# source 8.6 -> 5.4 CPU seconds, a binding 10.4 -> 7.9, a unit test 2.3 ->
# 1.3; about 100 CPU seconds of the build. Release and MinSizeRel keep
# their own optimisation everywhere.
include_guard(GLOBAL)
set(TINYFAIR_ADAPTER_OPTIMISATION $<$<CONFIG:RelWithDebInfo>:-Og>)
