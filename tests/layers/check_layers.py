#!/usr/bin/env python3
"""Checks that every include of the project follows the allowed directions.

DESIGN §6: common <- data <- {model, metrics, learn} <- the method families
<- fit <- {cli, python}; simulate uses model, data and the runtime; a family
never uses another family, simulate or a front end; fit (the commands' work:
train and postprocess from data in memory to a finished model, so that every
front end fits the same models) uses every module but the front ends;
runtime/ uses nothing of the host, and codegen/ only the runtime and the
schema.

Usage: check_layers.py [ROOT]   (ROOT: the source tree; default: this repo)
Each module also has its own namespace: a file of host_tools/MODULE/ opens
only tinyfair::host::MODULE (nested or anonymous namespaces inside it), and
the front ends their own: cli/ tinyfair::cli, python/ tinyfair::python.
The command-line parser's header (CLI11, <CLI/...>) is included by one
source alone, host_tools/cli/command_line.cc: it costs each file that
includes it seconds of compiling in every build and clang-tidy run, and
the commands declare their options through host_tools/cli/command.h.

Prints one line per crossing include (FILE:LINE: what is wrong) and exits 1
when there is any, 0 otherwise.
"""
import pathlib
import re
import sys

FAMILIES = ["postprocessing", "frll", "reductions", "noisy_groups", "preprocessing"]
BASE = ["common", "data", "model", "metrics", "learn"]

# Module -> the host modules it may include (besides itself).
ALLOWED = {
    "common": [],
    "data": ["common"],
    "model": ["common", "data"],
    "metrics": ["common", "data"],
    "learn": ["common", "data"],
    "simulate": ["common", "data", "model"],
    **{family: BASE for family in FAMILIES},
    "fit": BASE + FAMILIES + ["simulate"],
    "cli": BASE + FAMILIES + ["simulate", "fit"],
    "python": BASE + FAMILIES + ["simulate", "fit"],
}

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SYSTEM_INCLUDE = re.compile(r"^\s*#\s*include\s*<([^>]+)>")
PARSER_HEADERS = "CLI/"
PARSER_SOURCE = pathlib.PurePath("host_tools/cli/command_line.cc")
NAMESPACE = re.compile(r"^namespace\s+([\w:]+)\s*\{")
SOURCE_SUFFIXES = {".h", ".cc", ".c", ".cpp", ".hpp"}


def owner(path):
    """The layer a source file belongs to: ('host', module), ('runtime',) or ('codegen',)."""
    parts = path.parts
    if parts[0] == "host_tools" and len(parts) > 2:
        return ("host", parts[1])
    if parts[0] == "host_tools":
        return ("host", None)
    if parts[0] in ("runtime", "codegen"):
        return (parts[0],)
    return None


def crossing(layer, included):
    """Why `included` may not be included from `layer`, or None when it may."""
    target = included.split("/")
    if layer[0] == "runtime":
        if target[0] in ("host_tools", "codegen", "tests", "bench"):
            return "the runtime may include nothing of the host (only its own headers, "\
                   "Eigen, nanopb and the schema)"
        return None
    if layer[0] == "codegen":
        if target[0] in ("host_tools", "tests", "bench"):
            return "codegen may include only the runtime, the schema and itself"
        return None
    module = layer[1]
    if target[0] in ("tests", "bench"):
        return f"host_tools/{module} may not include {target[0]}/"
    if target[0] != "host_tools":
        return None
    if len(target) < 3:
        return "host_tools has no headers outside its module folders"
    used = target[1]
    if module is None:
        return "a host source must live in a module folder"
    if module not in ALLOWED:
        return f"'{module}' is not a module of DESIGN §6"
    if used == module or used in ALLOWED[module]:
        return None
    may = ", ".join(ALLOWED[module]) or "no other module"
    return f"{module} may not include {used} ({module} may use: {may})"


def check(root):
    problems = []
    for top in ("host_tools", "runtime", "codegen"):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            relative = path.relative_to(root)
            layer = owner(relative)
            if layer is None:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                problems += parser_include_problems(relative, number, line)
                match = INCLUDE.match(line)
                if not match:
                    continue
                why = crossing(layer, match.group(1))
                if why:
                    problems.append(f'{relative}:{number}: #include "{match.group(1)}": {why}')
            problems += namespace_problems(relative, layer, text)
    return problems


def parser_include_problems(relative, number, line):
    """An include of the command-line parser outside its one source."""
    match = SYSTEM_INCLUDE.match(line)
    if not match or not match.group(1).startswith(PARSER_HEADERS) or relative == PARSER_SOURCE:
        return []
    return [f"{relative}:{number}: #include <{match.group(1)}>: only {PARSER_SOURCE} includes "
            "the command-line parser; declare options through host_tools/cli/command.h"]


def namespace_problems(relative, layer, text):
    """Namespaces opened at file scope outside the module's own."""
    if layer[0] != "host" or layer[1] is None:
        return []
    front_ends = {"cli": "tinyfair::cli", "python": "tinyfair::python"}
    own = front_ends.get(layer[1], f"tinyfair::host::{layer[1]}")
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        match = NAMESPACE.match(line)
        if match and match.group(1) != own and not match.group(1).startswith(own + "::"):
            problems.append(f"{relative}:{number}: namespace {match.group(1)}: "
                            f"{layer[1]} declares its names in {own}")
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parents[2])
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"layers: {len(problems)} include(s) or namespace(s) cross the allowed "
              "directions (DESIGN §6)")
        return 1
    print("layers: every include follows the allowed directions, every module keeps to its "
          "namespace")
    return 0


if __name__ == "__main__":
    sys.exit(main())
