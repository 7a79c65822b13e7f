#!/usr/bin/env python3
"""Writes docs/benchmarks.md from the runtime benchmarks of every board.

Reads, for each board, what bench/run_runtime_benchmarks.sh had the board
build produce (<build>/firmware/<board>/bench/...): the size report and the
images' link maps and symbol lists, the stack and timing lines of
bench_runtime_costs under `qemu -icount shift=0`, and QEMU's instruction
trace of bench_runtime_trace. Computes the static stack bound with
static_stack.py. Every figure in the document comes from these files.

    write_benchmarks.py --build <host build dir> --boards <b1,b2,...>
                        --out docs/benchmarks.md --command "<how it was run>"
"""

import argparse
import collections
import datetime
import json
import os
import re
import shlex
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import static_stack  # noqa: E402
import symbol_origins  # noqa: E402

SOURCE_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# The board the targets are set for, and the targets.
TARGET_BOARD = "mps2_an386"
# Flash over the baseline: (board, image, limit in bytes).
SIZE_TARGETS = [
    (TARGET_BOARD, "decoder_all_rules", 10240),
    (TARGET_BOARD, "decoder_ramp_only", 8192),
    (TARGET_BOARD, "codegen_ramp", 1280),
    ("microbit", "decoder_all_rules", 14336),
]
DECIDE_STACK_TARGET = 256
RATIO_TARGET = Fraction(3, 2)
RATIO_TARGET_INPUTS = 128

FUNCTIONS = ("model_decide", "codegen_decide", "plain_loop")
FUNCTION_TITLES = {
    "model_decide": "Model::Decide",
    "codegen_decide": "codegen Decide (DecideAs&lt;kRamp&gt;)",
    "plain_loop": "plain C loop",
}
SIZE_IMAGES = {
    "decoder_all_rules": "decoder + all rules (Model::Load, Model::Decide)",
    "decoder_integer_models": "decoder + all rules, accepting integer models "
                              "(Model::AcceptIntegerModels)",
    "decoder_ramp_only": "decoder + the ramp rule only (TINYFAIR_RUNTIME_CFG_RULE_KINDS=0x02)",
    "decoder_float_only": "decoder + all rules without the integer path "
                          "(TINYFAIR_RUNTIME_CFG_INTEGER=0)",
    "decoder_ramp_float_only": "decoder + the ramp rule only without the integer path "
                               "(TINYFAIR_RUNTIME_CFG_RULE_KINDS=0x02, "
                               "TINYFAIR_RUNTIME_CFG_INTEGER=0)",
    "codegen_ramp": "codegen path, one ramp model (no decoder)",
    "codegen_integer": "integer codegen path, the d = 32 benchmark model quantised to int16, "
                       "on a runtime for integer models only (TINYFAIR_RUNTIME_CFG_FLOAT=0)",
    "decoder_monitor_g32": "decoder + all rules + the fairness monitor for 32 groups "
                           "(FairnessMonitor Start, Update, EncodeMonitorReport)",
    "decoder_monitor_g2": "decoder + all rules + the fairness monitor for 2 groups "
                          "(TINYFAIR_RUNTIME_CFG_MONITOR_GROUPS=2)",
}


# ---------------------------------------------------------------- reading


def board_dir(build, board):
    return os.path.join(build, "firmware", board, "bench")


def read_size_values(path):
    values, elves = {}, {}
    with open(path) as f:
        for line in f:
            image, column, value = line.split(None, 2)
            if column == "elf":
                elves[image] = value.strip()
            else:
                values[(image, column)] = int(value)
    return values, elves


def read_costs(path):
    stack = collections.defaultdict(dict)
    spins, calls, ticks = [], {}, collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if words[0] == "stack":
                stack[words[1]][words[2]] = int(words[3])
            elif words[0] == "calibration":
                spins.append(int(words[3]))
            elif words[0] == "calls":
                calls[words[2]] = int(words[3])
            elif words[0] == "ticks":
                ticks[(int(words[1][1:]), words[2])].append(int(words[3]))
            elif words[0] == "error":
                sys.exit("write_benchmarks: %s: %s" % (path, line.strip()))
    iterations, spin_ticks = spins[0::2], spins[1::2]
    # The spin loop runs 2 instructions per iteration.
    per_tick = Fraction(2 * (iterations[1] - iterations[0]), spin_ticks[1] - spin_ticks[0])
    span = calls["b"] - calls["a"]
    counts = {}
    for (d, function), (a, b) in ticks.items():
        if function == "empty":
            continue
        counts[(d, function)] = per_call((a, b), ticks[(d, "empty")], per_tick, span)
    # Each of the four readings is within one tick.
    resolution = 4 * per_tick / span
    return {"stack": stack, "per_tick": per_tick, "span": span, "counts": counts,
            "resolution": resolution, "calls": (calls["a"], calls["b"]),
            "spins": tuple(iterations)}


def per_call(ticks, empty_ticks, per_tick, span):
    """Instructions per call from the ticks of two loops `span` calls apart,
    less those of the same two loops calling an empty function."""
    (a, b), (empty_a, empty_b) = ticks, empty_ticks
    return Fraction((b - a) - (empty_b - empty_a)) * per_tick / span


def read_trace(order_path, log_path):
    """{(d, function): (instructions, Counter(symbol -> instructions))}."""
    order = []
    with open(order_path) as f:
        for line in f:
            words = line.split()
            if words and words[0] == "trace":
                order.append((int(words[1][1:]), words[2]))
    segments, current = [], None
    with open(log_path, errors="replace") as f:
        for line in f:
            if not line.startswith("Trace "):
                continue
            symbol = line.rsplit("] ", 1)[-1].strip()
            if symbol == "tinyfair_bench_trace_begin":
                current = collections.Counter()
            elif symbol == "tinyfair_bench_trace_end":
                if current is not None:
                    segments.append(current)
                current = None
            elif current is not None:
                current[symbol or "?"] += 1
    if len(segments) != len(order):
        sys.exit("write_benchmarks: %s: %d traced calls, %d expected" %
                 (log_path, len(segments), len(order)))
    traces = {}
    for key, counter in zip(order, segments):
        traces[key] = (sum(counter.values()), counter)
    result = {}
    for (d, function), (total, counter) in traces.items():
        if function == "empty":
            continue
        result[(d, function)] = (total - traces[(d, "empty")][0], counter)
    return result


# The sources of Load's wire reader (runtime/wire_reader.h), the decoder.
READER_FILES = ("wire_reader.cc", "model_reader.cc")

# Input sections of GCC's link-time objects that no library source defines:
# the image's main() (on RISC-V with the runtime code it inlined), and
# constants GCC merged at the link.
LINK_TIME_REST = "link-time objects: the image's main() with what it inlined, merged constants"


def map_components(path, origins=None):
    """Bytes per object file in flash and in RAM, and who pulled in each
    archive member, from a GNU ld map file. Sections of link-time objects
    (*.ltrans.o) are charged to the source file that defines their symbol
    (origins, symbol_origins.py)."""
    with open(path) as f:
        text = f.read()
    head, body = text.split("Linker script and memory map", 1)
    reasons = {}
    for member, by in re.findall(r"^(\S+\.a\([^)]+\))\n\s+(\S.*)$", head, re.M):
        reasons[component_name(member)] = by.strip()
    flash, ram = collections.Counter(), collections.Counter()
    section, pending = None, None
    for line in body.splitlines():
        if line and not line.startswith(" "):
            section = line.split()[0]
            pending = None
            continue
        match = re.match(r"^ (\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        fill = re.match(r"^ \*fill\*\s+0x[0-9a-f]+\s+0x([0-9a-f]+)", line)
        name, size, obj = (None, None, None)
        if fill:
            name, size, obj = "*fill*", fill.group(1), ""
        elif match:
            name, size, obj = match.groups()
        else:
            match = re.match(r"^ (\S+)$", line)
            if match:
                pending = match.group(1)
                continue
            match = re.match(r"^\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
            if match and pending:
                name, size, obj = pending, match.group(1), match.group(2)
            pending = None
        if name is None:
            continue
        if name == "*fill*":
            obj = "(alignment padding)"
        if section.startswith((".debug", ".comment", ".ARM.attributes", ".riscv.attributes",
                               ".stack", ".heap")):
            continue
        component = component_name(obj)
        if re.search(r"\.ltrans\d*\.ltrans\.o$", obj):
            component = symbol_origins.section_origin(name, origins or {}) or LINK_TIME_REST
        if section.startswith((".bss", ".sbss", ".tbss")):
            ram[component] += int(size, 16)
        else:
            flash[component] += int(size, 16)
            if section.startswith((".data", ".sdata", ".tdata")):
                ram[component] += int(size, 16)
    return flash, ram, reasons


def component_name(obj):
    obj = obj.strip()
    match = re.search(r"lib([\w+]+)\.a\(([^)]+)\)$", obj)
    if match:
        library, member = match.groups()
        member = re.sub(r"\.(c|cc)\.obj$", r".\1", member)
        # The runtime built with other options (tinyfair_add_runtime in
        # bench/size) is the runtime, as its link-time objects are
        # (symbol_origins.py): this names its one object compiled without
        # link-time optimisation (runtime/soft_float_routines.cc).
        if library.startswith("bench_size_runtime_"):
            library = "tinyfair_runtime"
        return "%s: %s" % (library, member)
    return os.path.basename(re.sub(r"\.obj$", "", obj))


def read_symbols(path):
    """{(names, type): size} from `nm -S --size-sort -C`, aliases (same address
    and size) folded into one entry."""
    by_address = collections.OrderedDict()
    with open(path) as f:
        for line in f:
            match = re.match(r"^([0-9a-f]+) ([0-9a-f]+) (\w) (.+)$", line.rstrip("\n"))
            if match:
                address, size, kind, name = match.groups()
                key = (address, int(size, 16), kind.lower())
                by_address.setdefault(key, []).append(name)
    return {(" = ".join(sorted(names)), kind): size
            for (address, size, kind), names in by_address.items()}


def demangle(names):
    names = list(names)
    if not names:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return dict(zip(names, out))


def short_name(name):
    """A demangled name without namespaces, return type and arguments."""
    if name == "Indirect Call Placeholder":
        return "(indirect call)"
    for prefix in ("(anonymous namespace)::", "{anonymous}::", "tinyfair::runtime::",
                   "internal::", "tinyfair::", "Eigen::"):
        name = name.replace(prefix, "")
    template = re.search(r"\[with \w+ kRule = RuleKind::(\w+)\]", name)
    name = re.sub(r"\(RuleKind\)(\d)", lambda m: RULES[int(m.group(1))], name)
    depth, cut, start = 0, len(name), 0
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == " " and depth == 0:
            start = i + 1
        elif c == "(" and depth == 0 and i > 0:
            cut = i
            break
    name = name[start:cut]
    if template:
        name += "<%s>" % template.group(1)
    return name


RULES = ["kThreshold", "kRamp", "kTwoThreshold", "kTruncatedLogistic", "kMixture", "kRegression"]

# What the instructions of a decision are spent on, by function name; the
# rest of the runtime is listed by function.
CATEGORIES = [
    ("dot product (`Margin`)", r"^Margin$"),
    ("libgcc's float → uint64_t conversion (`__aeabi_f2ulz`) and the double-precision "
     "helpers it calls",
     r"^(__aeabi_f2ulz|__fixunssfdi|__aeabi_(d\w+|ui2d|f2d|ul2d|l2d|i2d)|__\w*df\w*)$"),
    ("single-precision soft float (libgcc), mostly the dot product's fmul/fadd",
     r"^(__aeabi_f\w+|__aeabi_(i2f|ui2f)|__\w*sf\d?|__clzsi2)$"),
    ("link (`Exp`, `SignedLogistic`, `ApplyLink`)", r"^(Exp|SignedLogistic|Logistic|ApplyLink)$"),
    ("clearing the record (`out = Decision{}`: `memset`)", r"^memset$"),
    ("benchmark wrapper and loop", r"^(CallModelDecide|Time)$"),
]
REST = "the rest of the runtime (dispatch, PRNG, group, checks, rule)"


def category(name):
    for title, pattern in CATEGORIES:
        if re.match(pattern, name):
            return title
    return REST


def libgcc_group(component):
    """Folds libgcc's members into what they implement."""
    match = re.match(r"^gcc: (.+)$", component)
    if not match:
        return component
    member = match.group(1)
    if re.search(r"df|fixunssfdi", member):
        return "libgcc: double precision"
    if re.search(r"sf", member):
        return "libgcc: single precision"
    return "libgcc: integer helpers, switch tables"


def board_tools(build, board):
    """The C++ compiler (from its compile commands) and the emulator (from its
    CMake cache) of a board build."""
    board_build = os.path.join(build, "firmware", board)
    compiler = emulator = None
    with open(os.path.join(board_build, "compile_commands.json")) as f:
        for entry in json.load(f):
            if entry["file"].endswith(".cc"):
                compiler = shlex.split(entry["command"])[0] if "command" in entry \
                    else entry["arguments"][0]
                break
    with open(os.path.join(board_build, "CMakeCache.txt")) as f:
        for line in f:
            match = re.match(r"^TINYFAIR_QEMU_EXECUTABLE:\w+=(.+)$", line)
            if match:
                emulator = match.group(1).strip()
    return [compiler, emulator]


def plugin_files():
    """How many files of the QEMU packages have "plugin" in their path."""
    try:
        listing = subprocess.run(["dpkg", "-L", "qemu-system-arm", "qemu-system-misc",
                                  "qemu-system-data"], capture_output=True, text=True).stdout
    except OSError:
        return "no answer (no dpkg)"
    return str(sum("plugin" in line.lower() for line in listing.splitlines()))


def tool_version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True).stdout
    except OSError:
        return "not found"
    return out.splitlines()[0] if out else "not found"


# ---------------------------------------------------------------- formatting


def n(value):
    return "{:,}".format(value)


def fmt(value, digits=1):
    return ("{:,.%df}" % digits).format(float(value))


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def met(ok):
    return "met" if ok else "**missed**"


# ---------------------------------------------------------------- document



def load_board(build, board, nesting):
    base = board_dir(build, board)
    values, elves = read_size_values(os.path.join(base, "size", "size_report.txt"))
    with open(os.path.join(base, "size", "size_report.md")) as f:
        size_markdown = f.read()
    costs = read_costs(os.path.join(base, "runtime", "runtime_costs.txt"))
    trace = read_trace(os.path.join(base, "runtime", "runtime_trace.txt"),
                       os.path.join(base, "runtime", "runtime_trace.log"))
    compiler = board_tools(build, board)[0]
    nm = re.sub(r"g\+\+$", "nm", compiler)
    origins = symbol_origins.symbol_origins(os.path.join(build, "firmware", board),
                                            os.path.join(base, "symbol_origins"), nm)
    maps = {image: map_components(os.path.splitext(elf)[0] + ".map", origins)
            for image, elf in elves.items()}
    symbols = {image: read_symbols(os.path.join(base, "size", image + ".nm.txt")) for image in elves}
    frames, names, edges = static_stack.read_call_graph(static_stack.compile_with_stack_usage(
        os.path.join(build, "firmware", board), os.path.join(base, "static_stack")))
    static = {}
    for root, patterns in static_stack.ROOTS.items():
        titles = [t for t in frames if all(p in names.get(t, "") for p in patterns)]
        if titles:
            size, path, external = static_stack.worst_path(titles[0], frames, edges, {}, nesting)
            static[root] = (size, [(static_stack.display_name(t, names), frames[t][0])
                                   for t in path],
                            sorted(static_stack.display_name(t, names) for t in external))
    # Load's depth if Prepare needed no frame of its own beyond the decoder's.
    prepare = {t for t in frames if "Model::Prepare(" in names.get(t, "")}
    if prepare and "load" in static:
        pruned = {src: callees - prepare for src, callees in edges.items()}
        load_titles = [t for t in frames if all(p in names.get(t, "")
                                                for p in static_stack.ROOTS["load"])]
        static["load_without_prepare"] = static_stack.worst_path(
            load_titles[0], frames, pruned, {}, nesting)[0]
    # Which runtime functions convert float to uint64_t through libgcc.
    f2ulz = sorted({short_name(names.get(src, src)) for src, callees in edges.items()
                    if "__aeabi_f2ulz" in callees})
    frame_of = {short_name(names.get(t, t)): size for t, (size, _) in frames.items()}
    return dict(values=values, size_markdown=size_markdown, costs=costs, trace=trace, maps=maps,
                symbols=symbols, static=static, f2ulz_callers=f2ulz, frame_of=frame_of,
                origins=origins)


def flash_over_baseline(board_data, image, fold=libgcc_group):
    """{component: flash bytes over the baseline} for one image."""
    maps = board_data["maps"]
    result = collections.Counter()
    for component, size in maps[image][0].items():
        result[fold(component)] += size
    for component, size in maps["baseline"][0].items():
        result[fold(component)] -= size
    return {c: v for c, v in result.items() if v}


def decide_categories(board_data, d, names):
    counter = board_data["trace"][(d, "model_decide")][1]
    result = collections.Counter()
    for symbol, count in counter.items():
        result[category(short_name(names.get(symbol, symbol)))] += count
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--boards", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--command", required=True)
    args = parser.parse_args()
    boards = [b for b in args.boards.split(",") if b]
    build = os.path.abspath(args.build)
    rel_build = os.path.relpath(build, SOURCE_DIR)
    with open(os.path.join(SOURCE_DIR, "proto", "tinyfair", "model.proto")) as f:
        nesting = static_stack.message_nesting(f.read())
    data = {board: load_board(build, board, nesting) for board in boards}
    symbols = set()
    for board in boards:
        for (d, function), (count, counter) in data[board]["trace"].items():
            symbols |= set(counter)
    names = demangle(symbols)

    out = []
    w = out.append
    commit = subprocess.run(["git", "-C", SOURCE_DIR, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    w("# Runtime benchmarks\n\n")
    tools = []
    for board in boards:
        for tool in board_tools(build, board):
            version = tool_version([tool, "--version"]) if tool else "not found"
            if version not in tools:
                tools.append(version)
    w("Generated by `%s` (`bench/tools/write_benchmarks.py` writes this file from the "
      "measurements; do not edit it by hand). Source revision `%s`, %s. Boards: %s. "
      "Every image is built by the board builds of the host preset (CMake `MinSizeRel`, "
      "`-Os`, the firmware's own flags). Tools: %s.\n\n"
      % (args.command, commit, datetime.date.today().isoformat(),
         ", ".join("`%s`" % b for b in boards), "; ".join(tools)))
    w("The programs are in `bench/`: `bench/size/` (size images and `size_report.cmake`), "
      "`bench/runtime/` (the measurement image), `bench/models/` (the models with 8, 32 and "
      "128 inputs, made by the host tools at build time), `bench/tools/` (static stack bound, "
      "this document). Each board's raw results are in `%s/firmware/<board>/bench/`.\n\n"
      % rel_build)

    if TARGET_BOARD in data:
        w(summary(data))

    # 1. Size.
    w("## 1. Code size\n\n")
    w("Command, per board: `cmake --build %s/firmware/<board> --target bench_size_report` "
      "(runs `bench/size/size_report.cmake` with the board's `size -A`). Images: "
      "`baseline.cc` (startup only, `main` returns 0); `decoder_all_rules.cc` (`Model::Load` "
      "and `Model::Decide`, every rule kind reachable through the runtime's dispatch; the "
      "model bytes, inputs and seed come from volatile objects, so nothing can be optimised "
      "away); `decoder_ramp_only`, the same program on a runtime built for the ramp rule "
      "only (`TINYFAIR_RUNTIME_CFG_RULE_KINDS=0x02`: `Load` refuses the other kinds, whose "
      "code is not linked); `codegen_ramp.cc` (the demo's ramp model as `tinyfair codegen --tables` "
      "output, `DecideDemoRamp`, no decoder). Bytes, with the difference to the baseline in "
      "brackets. *other*: vector table, unwind index, init arrays. *flash* = .text + .rodata "
      "+ .data + other; *RAM* = .data + .bss (the stack is the board's; section 2). The "
      "decoder image's .bss is the static `Model`.\n\n" % rel_build)
    for board in boards:
        w(data[board]["size_markdown"] + "\n")

    w("### Budgets\n\nEvery size image above, and the images of each runtime "
      "option's off state, has a flash and a RAM budget per board in "
      "`bench/size/budgets/<board>.txt`, one line per image (`image <name> "
      "<flash> <RAM>`, counted as in the tables above), with the painted "
      "stack depths of section 2 (`stack <call> <bytes>`: `load`, `decide` "
      "and `decide_tables` the deepest over the models, `load_signed`, "
      "`ed25519_verify`). The off-state images: `decoder_<kind>_only` for "
      "each rule kind alone (`TINYFAIR_RUNTIME_CFG_RULE_KINDS`), "
      "`decoder_signed` (`decoder_options.cc`: a `Load` with a public key, "
      "and `StatusName`) against `decoder_signatures_off` "
      "(`TINYFAIR_RUNTIME_CFG_SIGNATURES=0`) and `decoder_status_names_off` "
      "(`TINYFAIR_RUNTIME_CFG_STATUS_NAMES=0`), `decoder_integer_only` "
      "(`decoder_integer.cc`, `TINYFAIR_RUNTIME_CFG_FLOAT=0`); "
      "`decoder_integer_models` is `decoder_all_rules` accepting integer "
      "models (`Model::AcceptIntegerModels`), "
      "`decoder_float_only` `INTEGER=0`, `decoder_ramp_float_only` "
      "`RULE_KINDS=0x02` and `INTEGER=0`, `decoder_monitor_g2` "
      "`MONITOR_GROUPS=2`, and `decoder_all_rules` the monitor's off state. "
      "The test `size_budgets.<board>` (tier `boards`, labels `budgets`, "
      "`qemu`; `bench/size/check_budgets.cmake`) measures the images with the "
      "board's `size -A`, runs `bench_runtime_costs` in QEMU for the stack, "
      "and fails on any figure over its budget, naming it (a used 64-byte "
      "array planted in `decoder_all_rules.cc`, with the code that reads it: "
      "`budget: microbit decoder_all_rules flash 24,944 B > budget 24,856 B "
      "(+88 B)`); an image "
      "without a budget, or a budget without an image, fails too. Its "
      "control, `size_budgets.<board>.control_planted_growth`, takes "
      "`decoder_all_rules`' flash budget 64 B under its figure and must see "
      "that message, `(+64 B)`.\n\nThe rule: a budget moves "
      "only in a commit that says why. A figure under its budget passes and "
      "is reported (`ctest -R size_budgets -V`: `under budget: ... tighten "
      "the budget`), so that the budget comes down with it. To move budgets, "
      "run the test: it writes the board's budget file with today's figures, "
      "comments kept, to "
      "`build/host/firmware/<board>/bench/size/budgets_measured.txt`; copy "
      "the lines that moved into `bench/size/budgets/<board>.txt` and say in "
      "the commit what moved, by how much and why.\n\n")
    w("### Where the bytes go\n\n")
    w("Flash over the baseline by object file, from each image's link map (`<image>.map` "
      "next to the image); libgcc's members are summed by what they implement. The images "
      "are linked with link-time optimisation: each input section of GCC's link-time "
      "objects is charged to the source file that defines its symbol "
      "(`bench/tools/symbol_origins.py`: the libraries compiled again without it, their "
      "symbols read with `nm`); inlined functions count in their callers (the "
      "image's `main`, inlined into `Reset_Handler` on the Arm boards, counts in "
      "`startup.cc`).\n\n")
    for image in SIZE_IMAGES:
        present = [b for b in boards if image in data[b]["maps"]]
        if not present:
            continue
        deltas = {b: flash_over_baseline(data[b], image) for b in present}
        components = sorted({c for b in present for c in deltas[b]},
                            key=lambda c: -max(deltas[b].get(c, 0) for b in present))
        rows = [[c] + [n(deltas[b].get(c, 0)) if deltas[b].get(c) else "" for b in present]
                for c in components]
        rows.append(["**total**"] + [n(sum(deltas[b].values())) for b in present])
        w("%s (`%s`):\n\n" % (SIZE_IMAGES[image], image))
        w(table(["object"] + present, rows))
        w("\n")
    if TARGET_BOARD in data:
        w("The largest symbols each image adds to the baseline on `%s` (`nm -S --size-sort "
          "-C`, saved by the size report as `<image>.nm.txt`; aliases on one line):\n\n"
          % TARGET_BOARD)
        symbols = data[TARGET_BOARD]["symbols"]
        for image in [i for i in SIZE_IMAGES if i in symbols]:
            new = sorted(((size, name, kind) for (name, kind), size in symbols[image].items()
                          if (name, kind) not in symbols["baseline"]), reverse=True)
            rows = [[escape(name), kind, n(size)] for size, name, kind in new[:15]]
            w("`%s`:\n\n" % image)
            w(table(["symbol", "nm type", "bytes"], rows, ["---", "---", "---:"]))
            w("\n")

    w(stack_section(data, boards, rel_build, nesting))
    w(instruction_section(data, boards, rel_build, names))
    import keyed_draw_costs  # noqa: E402 (imports this module)
    w(keyed_draw_costs.keyed_draw_section(build, boards))
    import integer_costs  # noqa: E402 (imports this module)
    w(integer_costs.integer_section(data, boards, rel_build))
    import verify_costs  # noqa: E402 (imports this module)
    w(verify_costs.verify_section(build, boards,
                                  {board: data[board]["origins"] for board in boards}))
    w("## What costs the bytes and the instructions\n\n")
    w(analysis(data, names))
    with open(args.out, "w") as f:
        f.write("".join(out))


def escape(text):
    return text.replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")


# A decoder program with one feature more or less each, against the target
# of the program: {image of the target: [(image, what differs, the call or
# option that makes it)]}.
FEATURE_OPTIONS = {
    "decoder_all_rules": [
        ("decoder_integer_models", "accepting integer models",
         "model.AcceptIntegerModels()"),
        ("decoder_float_only", "built without the integer path",
         "TINYFAIR_RUNTIME_CFG_INTEGER=0"),
        ("decoder_digest_off", "built without the model's digest",
         "TINYFAIR_RUNTIME_CFG_DIGEST=0"),
    ],
    "decoder_ramp_only": [
        ("decoder_ramp_float_only", "built without the integer path",
         "TINYFAIR_RUNTIME_CFG_INTEGER=0"),
    ],
}


def options_bullet(d, full_image, limit):
    """What each feature's call or configure option adds to a decoder image
    or takes out of it."""
    total = d["values"][(full_image, "delta_flash")]
    items = []
    for image, feature, option in FEATURE_OPTIONS[full_image]:
        value = d["values"].get((image, "delta_flash"))
        if value is not None:
            items.append("%s (`%s`, `%s`) %s B, %s B %s, %s the target"
                         % (feature, option, image, n(value), n(abs(total - value)),
                            "less" if value <= total else "more",
                            "within" if value <= limit else "above"))
    if not items:
        return ""
    return "- The same program %s.\n" % "; ".join(items)


def decide_ratio(board_data, d):
    counts = board_data["costs"]["counts"]
    return counts[(d, "model_decide")] / counts[(d, "plain_loop")]


def deepest(stack, key):
    model = max(stack, key=lambda m: stack[m].get(key, 0))
    return stack[model].get(key, 0), model


def summary(data):
    d = data[TARGET_BOARD]
    out = ["## Targets (-Os; `%s` unless the row names a board)\n\n" % TARGET_BOARD]
    rows = []
    for board, image, limit in SIZE_TARGETS:
        value = data.get(board, {}).get("values", {}).get((image, "delta_flash"))
        if value is not None:
            where = "" if board == TARGET_BOARD else "`%s`, " % board
            rows.append([where + SIZE_IMAGES[image] + ": flash over the baseline",
                         "≤ %s B" % n(limit), "%s B" % n(value), met(value <= limit)])
    stack, model = deepest(d["costs"]["stack"], "decide")
    rows.append(["`Decide` stack, deepest over every model (painted)",
                 "≤ %d B" % DECIDE_STACK_TARGET, "%d B (%s)" % (stack, model),
                 met(stack <= DECIDE_STACK_TARGET)])
    ratio = decide_ratio(d, RATIO_TARGET_INPUTS)
    rows.append(["instructions per decision, `Model::Decide` / plain loop, d = %d"
                 % RATIO_TARGET_INPUTS, "≤ %s×" % fmt(RATIO_TARGET, 1), "%s×" % fmt(ratio, 3),
                 met(ratio <= RATIO_TARGET)])
    out.append(table(["target", "limit", "measured", ""], rows, ["---", "---:", "---:", "---"]))
    if any(row[-1] != met(True) for row in rows):
        out.append("\nThe reasons for each miss, and what would remove them, are in the last "
                   "section.\n")
    out.append("\n")
    return "".join(out)


def stack_section(data, boards, rel_build, nesting):
    out = ["## 2. Stack\n\n"]
    w = out.append
    w("Command: `cmake --build %s/firmware/<board> --target bench_runtime_costs_run` (runs "
      "`bench_runtime_costs.elf` in the board's QEMU; output `runtime_costs.txt`). Before "
      "each call the free stack below the caller is painted again "
      "(`bench/runtime/stack_probe.h`, with the startup code's own pattern); the depth is "
      "the distance from the caller's stack pointer to the lowest overwritten word: what "
      "the call needs, with everything it calls. Measured for every golden model (every "
      "rule kind and group form, `tests/golden`), the demo model and the three benchmark "
      "models, one input each. Cross-check: the static bound from GCC's `-fstack-usage "
      "-fcallgraph-info=su`, the runtime and nanopb compiled again with the board build's "
      "own commands (`bench/tools/static_stack.py`): the deepest path through the call "
      "graph, any recursion entered once per level of message nesting in the schema (%d; "
      "`Load`'s wire reader has none: it keeps the messages open on a stack of its own). "
      "Functions outside those sources (memset, libgcc's soft-float helpers) are not in the "
      "graph; their frames are in the painted figure only.\n\n" % (rel_build, nesting))
    rows = []
    for board in boards:
        stack, static = data[board]["costs"]["stack"], data[board]["static"]
        load, load_model = deepest(stack, "load")
        decide, decide_model = deepest(stack, "decide")
        tables, tables_model = deepest(stack, "decide_tables")
        rows.append([board, "%d (%s)" % (load, load_model), static_bytes(static, "load"),
                     "%d (%s)" % (decide, decide_model), static_bytes(static, "decide"),
                     "%d" % tables, static_bytes(static, "decide_ramp_tables")])
    w(table(["board", "`Load`, painted (deepest model)", "`Load`, static",
             "`Decide`, painted (deepest model)", "`Decide`, static",
             "codegen `Decide` (ramp), painted", "`DecideAs<kRamp>` (draw given), static"],
            rows))
    w("\nThe deepest static paths (frame bytes per function):\n\n")
    for board in boards:
        for root in ("load", "decide"):
            if root in data[board]["static"]:
                size, path, external = data[board]["static"][root]
                w("- %s, `%s`: %s = %d B%s\n" % (
                    board, root, " → ".join("`%s` %d" % (short_name(f), b) for f, b in path),
                    size, "; not in the graph: " +
                    ", ".join("`%s`" % short_name(e) for e in external) if external else ""))
    w("\nPer model (bytes, `Load` / `Decide`):\n\n")
    models = list(data[boards[0]]["costs"]["stack"])
    rows = []
    for model in models:
        row = [model]
        for board in boards:
            s = data[board]["costs"]["stack"].get(model, {})
            row.append("%s / %s" % (s.get("load", ""), s.get("decide", "")))
        rows.append(row)
    w(table(["model"] + boards, rows))
    w("\n")
    return "".join(out)


def static_bytes(static, root):
    return "%d" % static[root][0] if root in static else ""


def instruction_section(data, boards, rel_build, names):
    out = ["## 3. Instructions per decision\n\n"]
    w = out.append
    first = data[boards[0]]["costs"]
    w("Commands: `cmake --build %s/firmware/<board> --target bench_runtime_costs_run` "
      "(QEMU with `-icount shift=0`) and `--target bench_runtime_trace_run` (QEMU with "
      "`-singlestep -d exec,nochain`; log `runtime_trace.log`).\n\n" % rel_build)
    w("**Method.** QEMU's instruction-counting TCG plugin is not installed: `dpkg -L "
      "qemu-system-arm qemu-system-misc qemu-system-data | grep -ci plugin` gives %s, so "
      "instructions are counted in two other ways, which must agree:\n\n" % plugin_files())
    w("1. *Emulated time.* With `-icount shift=0` QEMU advances its virtual clock by "
      "exactly 1 ns per guest instruction. The image reads a free-running timer (SysTick on "
      "the processor clock on Cortex-M; the `cycle` CSR on RISC-V) around a loop that calls "
      "the function under test through a pointer %d and %d times, and around the same loop "
      "calling an empty function. The difference of the two lengths cancels the constant "
      "costs around each loop, and subtracting the empty function leaves what a call "
      "executes beyond a call of a function that returns at once. The timer's unit is "
      "calibrated in the same run with an assembly loop of exactly two instructions per "
      "iteration (%d and %d iterations), so neither the board's clock nor QEMU's timer "
      "model enters the result. Each of the four timer readings is exact to one tick, so a "
      "figure is exact to ±4 ticks / %d calls (the resolution below); a call that takes the "
      "same path every time comes out as an integer within it.\n"
      "2. *Trace.* `-singlestep` makes every translated block one instruction and "
      "`-d exec,nochain` logs every block executed, with its symbol. The trace image makes "
      "one call of each function between two marker functions; the script counts the log "
      "lines between the markers, less those of the empty function: an exact count for one "
      "call, and the count per function.\n\n"
      % (first["calls"] + first["spins"] + (first["span"],)))
    w("Every call decides the same input, whose score lies in the middle of group 0's ramp "
      "(0 < p < 1: the draw decides). The models are ramps with the signed logistic link "
      "and groups given directly, with d numeric inputs (`bench/models/make_bench_models.cc`). "
      "`Model::Decide` runs on the loaded model, the codegen path on the same model's "
      "`tinyfair codegen --tables` header (`DecideAs<kRamp>`, no dispatch); the plain loop "
      "(`bench/runtime/plain_loop.c`, built with the firmware's flags) computes "
      "`s += w[i] * x[i]` over the same folded weights and returns `s > t`. Each is called "
      "through a wrapper that takes its arguments from one struct (in the counts, on both "
      "sides of the ratio).\n\n")
    rows = [[b, fmt(data[b]["costs"]["per_tick"], 3), fmt(data[b]["costs"]["resolution"], 3)]
            for b in boards]
    w(table(["board", "instructions per timer tick (calibrated)", "resolution (instructions)"],
            rows))
    w("\n")
    for board in boards:
        c, t = data[board]["costs"], data[board]["trace"]
        ds = sorted({k[0] for k in c["counts"]})
        rows = []
        for d in ds:
            row = [str(d)]
            row += ["%s (%s)" % (fmt(c["counts"][(d, f)]), n(t[(d, f)][0])) for f in FUNCTIONS]
            row.append(fmt(decide_ratio(data[board], d), 3))
            row.append(fmt(c["counts"][(d, "codegen_decide")] / c["counts"][(d, "plain_loop")], 3))
            rows.append(row)
        slope = {f: (c["counts"][(ds[-1], f)] - c["counts"][(ds[0], f)]) / (ds[-1] - ds[0])
                 for f in FUNCTIONS}
        fixed = {f: c["counts"][(ds[0], f)] - slope[f] * ds[0] for f in FUNCTIONS}
        w("### %s\n\n" % board)
        w(table(["d"] + ["%s, icount (trace)" % FUNCTION_TITLES[f] for f in FUNCTIONS] +
                ["Model::Decide / plain", "codegen / plain"], rows))
        w("\nA straight line through d = %d and d = %d: per input %s; fixed %s "
          "instructions.\n\n" % (
              ds[0], ds[-1],
              ", ".join("%s %s" % (FUNCTION_TITLES[f], fmt(slope[f], 2)) for f in FUNCTIONS),
              ", ".join("%s %s" % (FUNCTION_TITLES[f], fmt(fixed[f])) for f in FUNCTIONS)))
    varying = [b for b in boards if any(
        abs(data[b]["costs"]["counts"][k] - data[b]["trace"][k][0]) > data[b]["costs"]["resolution"]
        for k in data[b]["costs"]["counts"])]
    if varying:
        w("On %s the icount average and the traced call differ by more than the resolution: "
          "there the path of a decision depends on the draw (the 64-bit comparison of the "
          "draw with the bound branches on 32-bit cores without conditional execution, and "
          "libgcc's soft-float routines branch on their operands), so the average over %s "
          "calls and one call differ by a fraction of an instruction.\n\n"
          % (", ".join("`%s`" % b for b in varying), n(first["span"])))
    else:
        w("The icount figures and the traced calls agree on every board, within the "
          "resolution.\n\n")

    d = RATIO_TARGET_INPUTS
    w("### Where a decision's instructions go (d = %d, trace)\n\n" % d)
    w("One `Model::Decide` call, by what the functions in the trace do (the benchmark's "
      "wrapper and loop included, as in the counts above):\n\n")
    cats = {b: decide_categories(data[b], d, names) for b in boards}
    rest_names = sorted({k for b in boards
                         for k in trace_by_function(data[b], d, "model_decide", names)
                         if category(k) == REST})
    titles = [title for title, _ in CATEGORIES] + [REST]
    rows = [[t if t != REST else "%s: %s" % (REST, ", ".join("`%s`" % k for k in rest_names))]
            + [n(cats[b][t]) if cats[b][t] else "" for b in boards] for t in titles
            if any(cats[b][t] for b in boards)]
    rows.append(["**`Model::Decide`, total**"] + [n(sum(cats[b].values())) for b in boards])
    rows.append(["plain loop, total"] +
                [n(sum(data[b]["trace"][(d, "plain_loop")][1].values())) for b in boards])
    w(table(["spent in"] + boards, rows))
    if TARGET_BOARD in data:
        counter = collections.Counter()
        for symbol, count in data[TARGET_BOARD]["trace"][(d, "model_decide")][1].items():
            counter[short_name(names.get(symbol, symbol))] += count
        w("\nBy function on `%s`: %s.\n\n" % (TARGET_BOARD, ", ".join(
            "`%s` %s" % (name, n(count)) for name, count in counter.most_common())))
    return "".join(out)


def symbol_bytes(symbols, pattern):
    return sum(size for (name, kind), size in symbols.items() if re.search(pattern, name))


def trace_by_function(board_data, inputs, function, names):
    counter = collections.Counter()
    for symbol, count in board_data["trace"][(inputs, function)][1].items():
        counter[short_name(names.get(symbol, symbol))] += count
    return counter


def conversion_instructions(board_data, inputs, names):
    """Instructions one decision spends in libgcc's float -> uint64_t
    conversion and the double-precision helpers it calls."""
    return decide_categories(board_data, inputs, names)[CATEGORIES[1][0]]


def analysis(data, names):
    """The findings the figures support, each with its numbers."""
    if TARGET_BOARD not in data:
        return "(no results for %s)\n" % TARGET_BOARD
    d = data[TARGET_BOARD]
    out = []
    w = out.append
    double = "libgcc: double precision"
    callers = ", ".join("`%s`" % c for c in d["f2ulz_callers"])

    # Sizes.
    for board, image, limit in SIZE_TARGETS:
        if board != TARGET_BOARD or image not in d["maps"]:
            continue
        total = d["values"][(image, "delta_flash")]
        parts = flash_over_baseline(d, image)
        soft = parts.get(double, 0)
        if total <= limit:
            w("**%s: %s B over the baseline, within %s B.**\n\n"
              % (SIZE_IMAGES[image], n(total), n(limit)))
            if image in FEATURE_OPTIONS:
                w(options_bullet(d, image, limit) + "\n")
            continue
        w("**%s: %s B over the baseline, %s B more than the %s B target.**\n\n"
          % (SIZE_IMAGES[image], n(total), n(total - limit), n(limit)))
        if soft:
            w("- %s B are libgcc's double-precision helpers, though no runtime source uses "
              "`double`: they come with `__aeabi_f2ulz` (float → `uint64_t`), which libgcc "
              "implements in double arithmetic%s. For "
              "0 < p < 1, `probability * 2^32` is below 2^32, so converting it to `uint32_t` "
              "(one `vcvt` or `fcvt.wu.s` on a core with a single-precision FPU, libgcc's "
              "single-precision `__aeabi_f2uiz` on Cortex-M0) gives the same bits and drops "
              "these helpers: %s B less, %s B over the baseline%s.\n"
              % (n(soft), ", called in %s (GCC's call graph)" % callers if callers else "",
                 n(soft), n(total - soft), ", within the target" if total - soft <= limit else ""))
        if image == "decoder_all_rules":
            nanopb = sum(v for c, v in parts.items() if c.startswith("tinyfair_schema_nanopb:"))
            reader = nanopb + sum(parts.get("tinyfair_runtime: %s" % f, 0) for f in READER_FILES)
            load = sum(parts.get("tinyfair_runtime: %s" % f, 0)
                       for f in ("model_load.cc", "model_check.cc"))
            decide = parts.get("tinyfair_runtime: decide.cc", 0)
            other_rules = symbol_bytes(d["symbols"][image],
                                       r"DecideAs<\(tinyfair::runtime::RuleKind\)[02345]>")
            ctor = symbol_bytes(d["symbols"][image], r"^tinyfair::runtime::Model::Model\(\)")
            largest = sorted(((size, name) for (name, kind), size in d["symbols"][image].items()
                              if kind == "t" and name.startswith("tinyfair::runtime::")),
                             reverse=True)[:3]
            w("- The decoder, `Load`'s own wire reader (`wire_reader.cc`, and `model_reader.cc`, "
              "which reads each message through a table of its fields%s), is %s B; `Load`'s "
              "checks and table building (`model_load.cc`, `model_check.cc`) %s B; `decide.cc`, "
              "every rule kind, %s B%s. The largest runtime functions: %s.\n"
              % ("; with nanopb's %s B" % n(nanopb) if nanopb else "; no nanopb code or "
                 "descriptor is linked", n(reader), n(load), n(decide),
                 (", of which %s B are the five `DecideAs<>` instantiations other than the "
                  "ramp's, linked because `Model::Decide` dispatches on the rule at run time"
                  % n(other_rules)) if other_rules else "",
                 ", ".join("`%s` %s B" % (short_name(name), n(size)) for size, name in largest)))
            if ctor:
                w("- A static `Model` is initialised by a %s B constructor run from "
                  "`.init_array`, not by zeroing `.bss`: `Model::Model()` is not "
                  "`constexpr`.\n" % n(ctor))
            else:
                w("- A static `Model` costs no code: its constructor is `constexpr`, so the "
                  "object is zeroed `.bss` and nothing runs from `.init_array`.\n")
            sha256 = sum(v for c, v in parts.items() if "sha256" in c)
            w("- `Load` checks every count, index and number of every rule kind on the "
              "device, from one table for the float arrays. SHA-256 of the model, computed "
              "by every `Load` (`runtime/sha256.cc`, one loop over the 64 rounds): %s B "
              "charged to `sha256.cc`, its round constants and what link-time optimisation "
              "left there, the rest inlined into `Model::LoadSealed` (`model_load.cc`); "
              "the digest's whole cost is what its option takes out (below).\n" % n(sha256))
            w(options_bullet(d, image, limit))
        elif image == "decoder_ramp_only":
            w("- `model_load.cc` %s B, `model_check.cc` %s B, `decide.cc` %s B; the decoder "
              "%s B.\n" % (n(parts.get("tinyfair_runtime: model_load.cc", 0)),
                            n(parts.get("tinyfair_runtime: model_check.cc", 0)),
                            n(parts.get("tinyfair_runtime: decide.cc", 0)),
                            n(sum(parts.get("tinyfair_runtime: %s" % f, 0)
                                  for f in READER_FILES))))
            w(options_bullet(d, image, limit))
        w("\n")
    any_soft = any(flash_over_baseline(b, i).get(double, 0)
                   for b in data.values() for i in SIZE_IMAGES if i in b["maps"])
    rows = []
    for board, b in data.items():
        row = [board]
        for image in SIZE_IMAGES:
            total = b["values"].get((image, "delta_flash"))
            soft = flash_over_baseline(b, image).get(double, 0) if image in b["maps"] else 0
            row += [n(total) if total is not None else ""]
            if any_soft:
                row += [n(soft), n(total - soft) if total is not None else ""]
        rows.append(row)
    header = ["board"]
    for image in SIZE_IMAGES:
        header += [image] + (["of it double helpers", "without them"] if any_soft else [])
    w("On every board (flash over the baseline, B):\n\n")
    w(table(header, rows))
    w("\n")

    # Stack.
    decide_stack, model = deepest(d["costs"]["stack"], "decide")
    load_stack, load_model = deepest(d["costs"]["stack"], "load")
    prepare = d["frame_of"].get("Model::Prepare", 0)
    w("**Stack.** `Decide` needs at most %d B on `%s` (%s), within %d B; on every board: %s. "
      "`Load` has no target; it needs %d B (%s). `Model::Prepare()`, which folds the inputs' "
      "scales and offsets into the decoded weights in place, has a frame of %d B (static); "
      "the deepest static path of `Load` is %d B (section 2).\n\n"
      % (decide_stack, TARGET_BOARD, model, DECIDE_STACK_TARGET,
         ", ".join("%s %d B" % (b, deepest(data[b]["costs"]["stack"], "decide")[0])
                   for b in data),
         load_stack, load_model, prepare, d["static"].get("load", (0,))[0]))

    # Instructions.
    inputs = RATIO_TARGET_INPUTS
    ratio = decide_ratio(d, inputs)
    counts = d["costs"]["counts"]
    decide = counts[(inputs, "model_decide")]
    plain = counts[(inputs, "plain_loop")]
    cats = decide_categories(d, inputs, names)
    by_function = trace_by_function(d, inputs, "model_decide", names)
    fixed = [(v, t) for t, v in cats.items()
             if t not in (CATEGORIES[0][0], CATEGORIES[-1][0], REST) and v]
    fixed.sort(reverse=True)
    fixed.append((cats[REST], "%s %s" % (REST, ", ".join(
        "`%s` %s" % (k, n(v)) for k, v in by_function.most_common() if category(k) == REST))))
    plain_trace = trace_by_function(d, inputs, "plain_loop", names)
    w("**Instructions per decision, d = %d: %s for `Model::Decide`, %s for the plain loop: "
      "%s× (%s %s×).** The dot product costs the same per input on both sides (section 3: "
      "`Margin` %s instructions for %d inputs, the plain loop's function %s); the difference is "
      "the fixed cost of a decision, which on `%s` is: %s.\n"
      % (inputs, fmt(decide), fmt(plain), fmt(ratio, 3),
         "within" if ratio <= RATIO_TARGET else "over", fmt(RATIO_TARGET, 1),
         n(cats[CATEGORIES[0][0]]), inputs, n(plain_trace["tinyfair_bench_plain_decide"]),
         TARGET_BOARD, "; ".join(t if t.startswith(REST) else "%s %s" % (t, n(v))
                                 for v, t in fixed)))
    conversion = {board: conversion_instructions(b, inputs, names) for board, b in data.items()}
    if conversion[TARGET_BOARD]:
        w("The float → `uint64_t` conversion alone executes %d instructions in libgcc; with "
          "a `uint32_t` conversion (`vcvt` and `vmov`) a decision would take about %s "
          "instructions, %s× the plain loop.\n"
          % (conversion[TARGET_BOARD], fmt(decide - conversion[TARGET_BOARD] + 2),
             fmt((decide - conversion[TARGET_BOARD] + 2) / plain, 3)))
    rows = []
    for board, b in data.items():
        c = b["costs"]["counts"]
        row = [board, fmt(c[(inputs, "model_decide")]), fmt(c[(inputs, "plain_loop")]),
               fmt(decide_ratio(b, inputs), 3)]
        if any(conversion.values()):
            row += [n(conversion[board]),
                    fmt((c[(inputs, "model_decide")] - conversion[board]) /
                        c[(inputs, "plain_loop")], 3)]
        rows.append(row)
    header = ["board", "Model::Decide", "plain loop", "ratio"]
    if any(conversion.values()):
        header += ["in libgcc's float → uint64_t conversion", "ratio without it"]
    w("\nOn every board, d = %d:\n\n" % inputs)
    w(table(header, rows))
    return "".join(out)


if __name__ == "__main__":
    main()
