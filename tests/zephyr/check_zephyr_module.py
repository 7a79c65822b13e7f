#!/usr/bin/env python3
"""Checks the Zephyr module files (zephyr/): module.yml parses as Zephyr
reads it, the Kconfig parses (kconfiglib, which Zephyr itself uses) with
defaults equal to the runtime's own (model.options, config.h), and
zephyr/CMakeLists.txt runs against recorded Zephyr functions with a
non-default configuration.

usage: check_zephyr_module.py REPO WORK CMAKE"""
import os
import re
import subprocess
import sys

import kconfiglib
import yaml

repo, work, cmake = sys.argv[1:4]
os.makedirs(work, exist_ok=True)

module = yaml.safe_load(open(os.path.join(repo, "zephyr", "module.yml")))
assert module["name"] == "tinyfair", module
assert module["build"]["cmake"] == "zephyr", module
assert os.path.isfile(os.path.join(repo, module["build"]["kconfig"])), module
assert os.path.isfile(os.path.join(repo, module["build"]["cmake"], "CMakeLists.txt")), module

# Zephyr defines CPP and NANOPB; the module's Kconfig depends on them.
top = os.path.join(work, "Kconfig")
with open(top, "w") as out:
    out.write('mainmenu "test"\nconfig CPP\n\tbool\n\tdefault y\nconfig NANOPB\n\tbool\n'
              '\tdefault y\nsource "%s"\n' % os.path.join(repo, "zephyr", "Kconfig"))
kconf = kconfiglib.Kconfig(top, warn_to_stderr=False)
assert not kconf.warnings, kconf.warnings
kconf.syms["TINYFAIR"].set_value("y")

# Every capacity's default is model.options' value.
options = open(os.path.join(repo, "proto", "tinyfair", "model.options")).read()
tag = None
file_values = {}
for line in options.splitlines():
    if line.startswith("#"):
        match = re.search(r"\((TINYFAIR_MAX_[A-Z_]+)\)", line)
        tag = match.group(1) if match else None
    elif tag and "max_count:" in line:
        file_values.setdefault(tag, line.split("max_count:")[1].strip())
capacities = [s for s in kconf.syms if s.startswith("TINYFAIR_MAX_")]
assert sorted(capacities) == sorted(file_values), (capacities, file_values)
for name, value in file_values.items():
    assert kconf.syms[name].str_value == value, (name, kconf.syms[name].str_value, value)
config_h = open(os.path.join(repo, "runtime", "public", "tinyfair_runtime", "internal",
                             "config.h")).read()
mask = re.search(r"#define TINYFAIR_RUNTIME_CFG_RULE_KINDS (0x[0-9A-Fa-f]+)", config_h).group(1)
assert int(kconf.syms["TINYFAIR_RULE_KINDS"].str_value, 16) == int(mask, 16)

# A non-default configuration reaches the build.
kconf.syms["TINYFAIR_MAX_INPUTS"].set_value("16")
kconf.syms["TINYFAIR_RULE_KINDS"].set_value("0x2")
config = os.path.join(work, "config")
with open(config, "w") as out:
    for sym in kconf.unique_defined_syms:
        if sym.name.startswith("TINYFAIR") and sym.str_value:
            out.write("CONFIG_%s=%s\n" % (sym.name, sym.str_value))
subprocess.run([cmake, "-DREPO=" + repo, "-DWORK=" + work, "-DCONFIG=" + config, "-P",
                os.path.join(repo, "tests", "zephyr", "zephyr_stubs.cmake")], check=True)
print("zephyr module: module.yml, Kconfig (%d capacities) and CMakeLists.txt check out"
      % len(capacities))
