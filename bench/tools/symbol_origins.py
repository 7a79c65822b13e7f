#!/usr/bin/env python3
"""Which source file each symbol of a link-time optimised image comes from.

With link-time optimisation the link map names GCC's link-time objects
(*.ltrans.o) instead of the runtime's object files, so bytes per object file
can no longer be read from the map alone. The map still names each input
section, and with -ffunction-sections/-fdata-sections a section is named
after its symbol (.text.<mangled name>). This compiles the sources of the
libraries an image links once more without link-time optimisation, with the
board build's own commands (compile_commands.json), into a scratch folder,
and reads each object's defined symbols with the board's nm, so that a
section of a link-time object can be charged to its source file. Names GCC
gives clones and privatised symbols (.constprop.0, .isra.0, .part.0,
.lto_priv.0) are charged to the function they were made from.

    symbol_origins.py <board build dir> <scratch dir> <nm>

prints "<component> <symbol>" lines; components are named as
write_benchmarks.component_name names archive members ("tinyfair_runtime:
model_check.cc").
"""

import json
import os
import re
import shlex
import subprocess
import sys

# The libraries whose code an image links: the runtime, the schema code and
# nanopb, the cryptography, and the board's startup and semihosting.
LIBRARY_DIRS = (
    "runtime/CMakeFiles/tinyfair_runtime.dir/",
    "codegen/CMakeFiles/tinyfair_schema_nanopb.dir/",
    "runtime/crypto/CMakeFiles/tinyfair_crypto.dir/",
    "CMakeFiles/tinyfair_target_runtime.dir/",
)


def component_of(obj):
    """"<library>: <source>" for an object path of a library's target dir."""
    library = re.search(r"CMakeFiles/(\w+)\.dir/", obj).group(1)
    return "%s: %s" % (library, re.sub(r"\.obj$", "", os.path.basename(obj)))


def compile_without_lto(build_dir, scratch):
    """[(component, object path)] for every source of LIBRARY_DIRS."""
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    os.makedirs(scratch, exist_ok=True)
    outputs = []
    for index, entry in enumerate(entries):
        words = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
        if "-o" not in words:
            continue
        obj = words[words.index("-o") + 1]
        if not obj.startswith(LIBRARY_DIRS):
            continue
        out = os.path.join(scratch, "%03d_%s.o" % (index, os.path.basename(obj).split(".")[0]))
        words[words.index("-o") + 1] = out
        words = [w for w in words if not w.startswith(("-flto", "-fno-fat-lto-objects",
                                                       "-ffat-lto-objects"))]
        subprocess.run(words + ["-fno-lto"], cwd=entry["directory"], check=True)
        outputs.append((component_of(obj), out))
    if not outputs:
        sys.exit("symbol_origins: no library sources in %s/compile_commands.json" % build_dir)
    return outputs


def base_symbol(name):
    """The symbol a clone or a privatised copy was made from."""
    return re.sub(r"\.(constprop|isra|part|lto_priv|cold)\.\d+.*$", "", name)


def symbol_origins(build_dir, scratch, nm):
    """{mangled symbol: component} for every symbol the libraries define. An
    inline function of a header, which every object that calls it defines
    (nm type W), is charged to its library's headers."""
    origins = {}
    for component, obj in compile_without_lto(build_dir, scratch):
        listing = subprocess.run([nm, "--defined-only", obj], capture_output=True, text=True,
                                 check=True).stdout
        for line in listing.splitlines():
            parts = line.split()
            if len(parts) != 3:
                continue
            origin = component
            if parts[1] in "WV":
                origin = component.split(":")[0] + ": inline functions of its headers"
            origins.setdefault(base_symbol(parts[2]), origin)
    return origins


def section_origin(section, origins):
    """The component of a link-time object's input section, or None."""
    match = re.match(r"^\.(?:text|rodata|data|bss|sdata|sbss|srodata)\.(.+)$", section)
    if not match:
        return None
    return origins.get(base_symbol(match.group(1)))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    for symbol, component in sorted(symbol_origins(*sys.argv[1:]).items()):
        print(component, symbol)


if __name__ == "__main__":
    main()
