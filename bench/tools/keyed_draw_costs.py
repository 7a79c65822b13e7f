#!/usr/bin/env python3
"""The cost of a keyed draw (SipHash-2-4 of the counter) against a PCG32
draw, per board: instructions per draw and per Model::Decide from the
measurement image's timed calls (bench_runtime_costs under
`qemu -icount shift=0`), and the flash SipHash takes in that image (`nm -S`).

    keyed_draw_costs.py --build <host build dir> --boards <b1,b2,...>

prints the section write_benchmarks.py puts in docs/benchmarks.md.
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import write_benchmarks as wb  # noqa: E402

# Symbols of the keyed draw: libsodium's SipHash-2-4, the runtime's wrapper,
# and the inline KeyedDraws::Next as the image keeps it.
SIPHASH_SYMBOLS = ("crypto_shorthash_siphash24", "tinyfair::runtime::crypto::SipHash24(")
NEXT_SYMBOLS = {"keyed": "tinyfair::runtime::KeyedDraws::Next()",
                "pcg32": "tinyfair::runtime::Pcg32::Next()"}


def symbol_sizes(build, board):
    """{demangled name: bytes} of the measurement image."""
    compiler = wb.board_tools(build, board)[0]
    nm = compiler[:-len("g++")] + "nm" if compiler.endswith("g++") else "nm"
    elf = os.path.join(wb.board_dir(build, board), "runtime", "bench_runtime_costs.elf")
    out = subprocess.run([nm, "-S", "-C", elf], capture_output=True, text=True,
                         check=True).stdout
    sizes = {}
    for line in out.splitlines():
        parts = line.split(" ", 3)
        if len(parts) == 4:
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def sized(sizes, prefixes):
    """The bytes of the symbols named by prefixes, or None when the image has
    none of them: link-time optimisation inlined them into their callers."""
    found = [size for name, size in sizes.items() if name.startswith(tuple(prefixes))]
    return sum(found) if found else None


def shown(size):
    return "inlined" if size is None else wb.n(size)


def keyed_draw_section(build, boards, d=8):
    rel_build = os.path.relpath(os.path.abspath(build), wb.SOURCE_DIR)
    out = ["### Keyed draws against PCG32\n\n"]
    w = out.append
    w("Command, per board: `cmake --build %s/firmware/<board> --target bench_runtime_costs_run`, "
      "then `python3 bench/tools/keyed_draw_costs.py --build %s --boards <boards>`. The image "
      "times one `Pcg32::Next`, one `KeyedDraws::Next` (SipHash-2-4 of the 8-byte counter, "
      "docs/prng.md) and `Model::Decide` with each (d = %d, the input of the table above). "
      "Flash: the symbols' sizes in the image (`nm -S`): libsodium's "
      "`crypto_shorthash_siphash24` and the runtime's `crypto::SipHash24`; *inlined*: the "
      "image has no such symbol, link-time optimisation put its code in its callers.\n\n"
      % (rel_build, rel_build, d))
    rows = []
    for board in boards:
        costs = wb.read_costs(os.path.join(wb.board_dir(build, board), "runtime",
                                           "runtime_costs.txt"))["counts"]
        sizes = symbol_sizes(build, board)
        pcg, keyed = costs[(d, "pcg32_draw")], costs[(d, "keyed_draw")]
        decide, decide_keyed = costs[(d, "model_decide")], costs[(d, "model_decide_keyed")]
        siphash = sized(sizes, SIPHASH_SYMBOLS)
        rows.append(["`%s`" % board, wb.fmt(pcg), wb.fmt(keyed), wb.fmt(keyed / pcg, 1) + "×",
                     wb.fmt(decide), wb.fmt(decide_keyed), "+" + wb.fmt(decide_keyed - decide),
                     shown(siphash), shown(sized(sizes, [NEXT_SYMBOLS["keyed"]])),
                     shown(sized(sizes, [NEXT_SYMBOLS["pcg32"]]))])
    w(wb.table(["board", "PCG32 draw (instructions)", "keyed draw (instructions)",
                "keyed / PCG32", "Model::Decide, PCG32", "Model::Decide, keyed", "difference",
                "SipHash flash (B)", "KeyedDraws::Next (B)", "Pcg32::Next (B)"], rows))
    w("\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--boards", required=True)
    args = parser.parse_args()
    sys.stdout.write(keyed_draw_section(args.build, [b for b in args.boards.split(",") if b]))


if __name__ == "__main__":
    main()
