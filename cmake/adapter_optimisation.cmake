# The optimisation of code whose own run time is negligible beside the
# library's it calls: the CLI's adapters (option parsing, CLI11's templates)
# and the unit tests' bodies. In RelWithDebInfo, the build type of the
# presets the test command uses, they compile at -Og, the library stays at
# the build type's -O2: measured on the host build, a CLI source 8.6 -> 5.4
# CPU seconds, a unit test 2.3 -> 1.3; about 80 CPU seconds of the build.
# The Python binding keeps -O2: it converts every cell of a frame (a binding
# at -Og would save 2.5 s of its 10 and slow that loop). Release and
# MinSizeRel keep their own optimisation everywhere.
include_guard(GLOBAL)
set(TINYFAIR_ADAPTER_OPTIMISATION $<$<CONFIG:RelWithDebInfo>:-Og>)
