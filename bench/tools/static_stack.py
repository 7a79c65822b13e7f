#!/usr/bin/env python3
"""Static stack bound of the runtime's entry points on one board.

Compiles the runtime and the nanopb decoder again with the board build's own
commands (compile_commands.json) plus -fstack-usage -fcallgraph-info=su, into
a scratch folder, then walks GCC's call graph: the bound of a function is its
own frame plus the largest bound among its callees. nanopb decodes nested
messages by recursion (pb_decode_inner -> ... -> pb_dec_submessage ->
pb_decode_inner), so a function may appear on a path as many times as the
schema nests messages (--nesting, or computed from the .proto by
message_nesting()). Calls to functions outside these sources (memset, the
libgcc soft-float helpers) count 0 bytes and are listed.

    static_stack.py <board build dir> <scratch dir> [--proto model.proto]

prints one JSON object: {"roots": {name: {"bytes", "path", "external"}},
"frames": [[bytes, qualifier, function], ...]}.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys

# Objects of these targets are the code that runs on the device for Load()
# and Decide().
TARGET_DIRS = (
    "runtime/CMakeFiles/tinyfair_runtime.dir/",
    "codegen/CMakeFiles/tinyfair_schema_nanopb.dir/",
)

# Entry points: every string must occur in the demangled name.
ROOTS = {
    # Load() is inline in model.h (it names the verifier in the caller's code)
    # and calls LoadWith().
    "load": ["tinyfair::runtime::Model::LoadWith("],
    "decide": ["tinyfair::runtime::Model::Decide("],
    # The codegen path: DecideAs<kRamp> with the draw given.
    "decide_ramp_tables": ["::DecideAs(", "uint32_t", "kRule = tinyfair::runtime::RuleKind::kRamp]"],
}


def message_nesting(proto_text, root="Model"):
    """How deeply messages nest below `root` (root alone: 1)."""
    text = re.sub(r"//[^\n]*", "", proto_text)
    bodies = {}
    for match in re.finditer(r"\bmessage\s+(\w+)\s*\{", text):
        depth, i = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        bodies[match.group(1)] = text[match.end():i - 1]
    field = re.compile(r"(?:repeated\s+|optional\s+)?([A-Za-z_][\w.]*)\s+\w+\s*=\s*\d+")

    def depth_of(name, seen):
        children = {t.split(".")[-1] for t in field.findall(bodies[name])} & bodies.keys()
        children -= seen
        return 1 + max((depth_of(c, seen | {name}) for c in children), default=0)

    return depth_of(root, {root})


def compile_with_stack_usage(build_dir, scratch):
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    os.makedirs(scratch, exist_ok=True)
    outputs = []
    for index, entry in enumerate(entries):
        words = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
        if "-o" not in words:
            continue
        obj = words[words.index("-o") + 1]
        if not obj.startswith(TARGET_DIRS):
            continue
        base = os.path.join(scratch, "%02d_%s" % (index, os.path.basename(obj).split(".")[0]))
        words[words.index("-o") + 1] = base + ".o"
        # Under link-time optimisation the compile emits no code, so no
        # frames: these are the functions as compiled without it.
        words = [w for w in words if not w.startswith(("-flto", "-fno-fat-lto-objects"))]
        words += ["-fno-lto", "-fstack-usage", "-fcallgraph-info=su"]
        subprocess.run(words, cwd=entry["directory"], check=True)
        outputs.append(base)
    if not outputs:
        sys.exit("static_stack: no runtime sources in %s/compile_commands.json" % build_dir)
    return outputs


def read_call_graph(bases):
    node_re = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"')
    edge_re = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
    frames, names, edges = {}, {}, {}
    for base in bases:
        with open(base + ".ci") as f:
            for line in f:
                node = node_re.match(line)
                if node:
                    title, label = node.groups()
                    parts = label.split("\\n")
                    names.setdefault(title, parts[0])
                    if len(parts) >= 3:
                        bytes_, qualifier = re.match(r"(\d+) bytes \((.*)\)", parts[2]).groups()
                        frames[title] = (int(bytes_), qualifier)
                        names[title] = parts[0]
                    continue
                edge = edge_re.match(line)
                if edge:
                    edges.setdefault(edge.group(1), set()).add(edge.group(2))
    return frames, names, edges


def display_name(title, names):
    """The demangled name of a call-graph node; a node that only appears as
    a call target has just its title ("<file>:<symbol>" for local ones)."""
    # GCC labels a clone by its suffix alone ("constprop(...)"): demangle the
    # symbol instead.
    if title in names and not re.match(r"^(constprop|isra|part|cold)\(", names[title]):
        return names[title]
    symbol = title.rsplit(":", 1)[-1]
    out = subprocess.run(["c++filt", symbol], capture_output=True, text=True)
    return out.stdout.strip() or symbol


def worst_path(title, frames, edges, counts, nesting):
    """(bytes, path, external callees) of the deepest path from title."""
    if title not in frames:
        return 0, [], {title}
    counts[title] = counts.get(title, 0) + 1
    best, best_path, external = 0, [], set()
    for callee in sorted(edges.get(title, ())):
        if counts.get(callee, 0) >= nesting:
            continue
        size, path, ext = worst_path(callee, frames, edges, counts, nesting)
        external |= ext
        if size > best:
            best, best_path = size, path
    counts[title] -= 1
    return frames[title][0] + best, [title] + best_path, external


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build_dir")
    parser.add_argument("scratch")
    parser.add_argument("--proto", help="model.proto, for the nesting depth")
    parser.add_argument("--nesting", type=int)
    args = parser.parse_args()
    nesting = args.nesting
    if nesting is None:
        with open(args.proto) as f:
            nesting = message_nesting(f.read())
    frames, names, edges = read_call_graph(compile_with_stack_usage(args.build_dir, args.scratch))
    result = {"nesting": nesting, "roots": {}, "frames": []}
    for root, patterns in ROOTS.items():
        titles = [t for t in frames if all(p in names.get(t, "") for p in patterns)]
        if not titles:
            continue
        size, path, external = worst_path(titles[0], frames, edges, {}, nesting)
        result["roots"][root] = {
            "bytes": size,
            "path": [[display_name(t, names), frames[t][0]] for t in path],
            "external": sorted(display_name(t, names) for t in external),
        }
    result["frames"] = sorted(([b, q, names.get(t, t)] for t, (b, q) in frames.items()),
                              reverse=True)
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
