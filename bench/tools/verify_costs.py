#!/usr/bin/env python3
"""What trusting a model costs on the device, per board: instructions per
Ed25519 verification of a model digest (valid and invalid signature), per
SHA-256 of the signed golden model's inner model, and per Model::Load of that
signed file with the public key against Load of the same model unsigned,
from the measurement image's "verify" lines (bench_runtime_costs under
`qemu -icount shift=0`); the painted stack of each Load; and the flash the
verifier takes in that image (`nm -S`, and the link map per object file).

    verify_costs.py --build <host build dir> --boards <b1,b2,...>

prints the section write_benchmarks.py puts in docs/benchmarks.md.
"""

import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keyed_draw_costs as kd  # noqa: E402
import symbol_origins  # noqa: E402
import write_benchmarks as wb  # noqa: E402

# The verifier's symbols by part, as `nm -S -C` names them (leading
# underscores dropped, case ignored).
SYMBOL_PARTS = collections.OrderedDict([
    ("Ed25519 (ge25519, fe25519, sc25519, crypto_sign)",
     r"^(ge25519|fe25519|sc25519|crypto_sign)"),
    ("SHA-512", r"^(crypto_hash_)?sha512"),
    # The runtime's own (runtime/sha256.cc): crypto::Sha256 and its constants.
    ("SHA-256", r"^tinyfair::runtime::crypto::(sha256\(|\(anonymous namespace\)::kconstants)"),
])
# The same parts by object file (libsodium's sources in libtinyfair_crypto,
# the runtime's SHA-256 in libtinyfair_runtime), from the image's link map:
# with the static tables nm names ambiguously.
OBJECT_PARTS = collections.OrderedDict([
    ("Ed25519", ("tinyfair_crypto: ed25519_ref10.c", "tinyfair_crypto: open.c",
                 "tinyfair_crypto: verify.c", "tinyfair_crypto: sodium_utils.c")),
    ("SHA-512", ("tinyfair_crypto: hash_sha512_cp.c",)),
    ("SHA-256", ("tinyfair_runtime: sha256.cc",)),
])
SHA256_BLOCK = 64
SHA256_PADDING = 9  # the 0x80 byte and the 64-bit length


def read_verify_lines(path):
    """{"ticks": {function: [(calls, ticks), ...]}, "stack": {...}, "bytes": {...}}."""
    result = {"ticks": collections.defaultdict(list), "stack": {}, "bytes": {}}
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) != 4 or words[0] != "verify":
                continue
            if words[1] in ("stack", "bytes"):
                result[words[1]][words[2]] = int(words[3])
            else:
                result["ticks"][words[1]].append((int(words[2]), int(words[3])))
    if not result["ticks"]:
        sys.exit("verify_costs: %s has no verify lines (an image without them)" % path)
    return result


def instructions(path):
    """({function: instructions per call}, {function: resolution}, the raw lines)."""
    costs = wb.read_costs(path)
    lines = read_verify_lines(path)
    empty = dict(lines["ticks"]["empty"])
    counts, resolution = {}, {}
    for function, pairs in lines["ticks"].items():
        if function == "empty":
            continue
        (calls_a, a), (calls_b, b) = pairs
        span = calls_b - calls_a
        counts[function] = wb.per_call((a, b), (empty[calls_a], empty[calls_b]),
                                       costs["per_tick"], span)
        resolution[function] = 4 * costs["per_tick"] / span
    return counts, resolution, lines


def blocks(size):
    return (size + SHA256_PADDING + SHA256_BLOCK - 1) // SHA256_BLOCK


def symbol_flash(sizes):
    """{part: bytes} of the verifier's symbols."""
    flash = collections.Counter()
    for name, size in sizes.items():
        bare = name.lstrip("_").lower()
        for part, pattern in SYMBOL_PARTS.items():
            if re.match(pattern, bare):
                flash[part] += size
                break
    return flash


def board_origins(build, board):
    """{symbol: component} of the board build's libraries (symbol_origins.py),
    which charge the link-time objects' sections of the map to source files."""
    build = os.path.abspath(build)  # the compile commands run in their own folders
    nm = re.sub(r"g\+\+$", "nm", wb.board_tools(build, board)[0])
    return symbol_origins.symbol_origins(os.path.join(build, "firmware", board),
                                         os.path.join(wb.board_dir(build, board),
                                                      "symbol_origins"), nm)


def object_flash(build, board, origins):
    """{part: bytes} from the measurement image's link map. The image is
    linked with link-time optimisation: without the origins its sections are
    the link-time objects', and no part would have a byte."""
    path = os.path.join(wb.board_dir(build, board), "runtime", "bench_runtime_costs.map")
    flash = wb.map_components(path, origins)[0]
    return {part: sum(size for component, size in flash.items() if component in objects)
            for part, objects in OBJECT_PARTS.items()}


def cost_rows(build, boards, origins):
    """The two tables' rows, the model's size and the image's call counts;
    origins: {board: symbol_origins of its build}."""
    timing, memory = [], []
    for board in boards:
        path = os.path.join(wb.board_dir(build, board), "runtime", "runtime_costs.txt")
        c, res, lines = instructions(path)
        size = lines["bytes"]["sha256_model"]
        per_block = (c["sha256_model"] - c["sha256_one_block"]) / (
            blocks(size) - blocks(lines["bytes"]["sha256_one_block"]))
        valid, invalid = c["ed25519_valid"], c["ed25519_invalid"]
        unsigned, signed = c["load_unsigned"], c["load_signed"]
        timing.append(["`%s`" % board, wb.fmt(valid, 0), wb.fmt(invalid, 0),
                       "%+.2f %%" % float(100 * (invalid - valid) / valid),
                       wb.fmt(c["sha256_model"]), wb.fmt(c["sha256_model"] / size, 1),
                       wb.fmt(per_block / SHA256_BLOCK, 1), wb.fmt(unsigned),
                       "%.1f %%" % float(100 * c["sha256_model"] / unsigned),
                       wb.fmt(c["load_signed_without_key"]), wb.fmt(signed, 0),
                       wb.fmt(signed / unsigned, 1) + "×", "+" + wb.fmt(signed - unsigned, 0),
                       wb.fmt(max(res.values()), 1)])
        symbols = symbol_flash(kd.symbol_sizes(build, board))
        objects = object_flash(build, board, origins[board])
        memory.append(["`%s`" % board, wb.n(lines["stack"]["load_unsigned"]),
                       wb.n(lines["stack"]["load_signed"]), wb.n(lines["stack"]["ed25519_verify"])]
                      + [wb.n(symbols[part]) for part in SYMBOL_PARTS]
                      + [wb.n(objects[part]) for part in OBJECT_PARTS]
                      + [wb.n(objects["Ed25519"] + objects["SHA-512"])])
    calls = {f: [count for count, _ in pairs] for f, pairs in lines["ticks"].items()}
    return timing, memory, size, calls


def verify_section(build, boards, origins=None):
    """origins: {board: symbol_origins}, as write_benchmarks.py has them
    already; computed here when not given."""
    if origins is None:
        origins = {board: board_origins(build, board) for board in boards}
    rel_build = os.path.relpath(os.path.abspath(build), wb.SOURCE_DIR)
    out = ["### Signed models: verification cost\n\n"]
    timing, memory, size, calls = cost_rows(build, boards, origins)
    w = out.append
    w("Command, per board: `cmake --build %s/firmware/<board> --target bench_runtime_costs_run`, "
      "then `python3 bench/tools/verify_costs.py --build %s --boards <boards>`. The model is "
      "the signed golden model (`kSignedRampModel`: the small ramp model at model_version 3, "
      "signed by `make_golden_models` with the test key) and its inner model "
      "(`kVersionedRampModel`, the same model unsigned). The image times "
      "`crypto::VerifyEd25519` of the inner model's 32-byte SHA-256 digest with the file's "
      "signature (valid) and of the same digest with one bit flipped (invalid: the digest of "
      "a model changed after signing), `crypto::Sha256` of the inner model and of its first "
      "55 bytes (one block; their difference gives the cost per byte of a larger model), "
      "`Model::Load` of the inner model without options (*unsigned*), of the signed file "
      "without options (envelope read, signature not checked) and with the public key "
      "(*signed*: key id, SHA-256, Ed25519, then the unsigned Load's work). Each is called "
      "%s and %s times, the verification and the signed Load %s and %s times (the Cortex-M "
      "timer has 24 bits), less an empty function's calls; the image stops with an error if "
      "a Load fails, if the valid signature does not verify or if the invalid one does. "
      "Resolution: the largest of the figures' (±4 ticks over the calls' difference). Stack: "
      "painted (`bench/runtime/stack_probe.h`), one call each; the image has a 5 KiB stack "
      "for this (the micro:bit's RAM holds no more next to the static `Model` and the "
      "monitor). Flash: in the same image, the symbols' sizes (`nm -S`) and the object "
      "files' bytes in the link map (which also count the static tables); SHA-256 is in "
      "every image that loads a model, so a signature adds Ed25519 and SHA-512.\n\n"
      % ((rel_build, rel_build) + tuple(wb.n(k) for k in calls["sha256_model"] +
                                        calls["ed25519_valid"])))
    w("Instructions per call:\n\n")
    w(wb.table(["board", "Ed25519 verify, valid", "invalid", "invalid − valid",
                "SHA-256 of the model (%d B)" % size, "per byte", "per byte, marginal",
                "Load, unsigned", "SHA-256 / unsigned Load", "Load, signed file without key",
                "Load, signed, with key", "signed / unsigned", "difference",
                "resolution"], timing))
    w("\nAn invalid signature is not rejected early: libsodium's verification runs to its "
      "end and compares the recomputed R with the signature's. Its count differs from the "
      "valid one's because the double scalar multiplication "
      "(`ge25519_double_scalarmult_vartime`) is variable-time in the hash of R, the key and "
      "the digest, which changes with the digest. *SHA-256 / unsigned Load*: the share of "
      "the digest every `Load` computes. A signed `Load` hashes the inner model twice (for "
      "the signature and for `Model::digest()`).\n")
    w("\nStack (B, painted) and flash (B):\n\n")
    w(wb.table(["board", "Load, unsigned", "Load, signed", "Ed25519 verify"] +
               ["nm: %s" % part for part in SYMBOL_PARTS] +
               ["map: %s" % part for part in OBJECT_PARTS] +
               ["map: Ed25519 + SHA-512"], memory))
    w("\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--boards", required=True)
    args = parser.parse_args()
    sys.stdout.write(verify_section(args.build, [b for b in args.boards.split(",") if b]))


if __name__ == "__main__":
    main()
