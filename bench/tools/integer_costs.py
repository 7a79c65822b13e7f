#!/usr/bin/env python3
"""The integer path (docs/integer_path.md) against the float path and a plain
integer loop, per board: instructions per decision of DecideInteger over the
benchmark models quantised to int16 (codegen tables, `integer_decide`), of a
plain C int16 dot product with one compare (`plain_integer_loop`,
bench/runtime/plain_loop.c) and of Model::Decide on the float model
(`model_decide`), from the measurement image's timed calls
(bench_runtime_costs under `qemu -icount shift=0`); and the flash of the
integer codegen image on a runtime built for integer models only
(bench/size/codegen_integer.cc, TINYFAIR_RUNTIME_CFG_FLOAT=0).

write_benchmarks.py puts integer_section()'s text in docs/benchmarks.md.
"""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import write_benchmarks as wb  # noqa: E402

# The targets: on the Cortex-M0 board at d = 32, at most 1/20 of the float
# path and within 1.5x of the plain loop; on the Cortex-M4F board, within
# 1.5x of the plain loop at d = 128; the integer codegen image on the
# Cortex-M0 board at most 2,048 B of flash over the baseline.
FLOAT_FRACTION_TARGET = Fraction(1, 20)
PLAIN_RATIO_TARGET = Fraction(3, 2)
RATIO_TARGETS = {("microbit", 32), ("mps2_an386", 128)}
FLOAT_TARGETS = {("microbit", 32)}
IMAGE = "codegen_integer"
IMAGE_TARGETS = {"microbit": 2048}


def integer_section(data, boards, rel_build):
    out = ["### The integer path\n\n"]
    w = out.append
    w("Command: `bash bench/run_runtime_benchmarks.sh` (per board "
      "`cmake --build %s/firmware/<board> --target bench_runtime_costs_run bench_size_report`). "
      "The benchmark models of the table above, quantised by `export --integer int16`'s "
      "quantiser (`host_tools/model/integer_scorer.cc`, at build time by "
      "`bench/models/make_bench_models.cc`), decided by `DecideBenchIntegerD<d>` (codegen "
      "tables, `DecideInteger`) on the same input quantised by `QuantiseInputs`; the plain "
      "loop is `tinyfair_bench_plain_integer_decide` (int16 x int16 summed in int32, one "
      "compare). Targets: on `microbit` at d = 32, at most 1/20 of `Model::Decide` on the "
      "float model and at most 1.5x the plain loop; on `mps2_an386` at d = 128, at most 1.5x "
      "the plain loop.\n\n" % rel_build)
    rows = []
    for board in boards:
        counts = data[board]["costs"]["counts"]
        for d in sorted({d for (d, f) in counts if f == "integer_decide"}):
            integer = counts[(d, "integer_decide")]
            plain = counts[(d, "plain_integer_loop")]
            floating = counts[(d, "model_decide")]
            ratio = integer / plain
            fraction = integer / floating
            ratio_note = (" " + wb.met(ratio <= PLAIN_RATIO_TARGET)
                          if (board, d) in RATIO_TARGETS else "")
            float_note = (" " + wb.met(fraction <= FLOAT_FRACTION_TARGET)
                          if (board, d) in FLOAT_TARGETS else "")
            rows.append([board, str(d), wb.fmt(integer), wb.fmt(plain),
                         wb.fmt(ratio, 3) + ratio_note, wb.fmt(floating),
                         "1/%s" % wb.fmt(1 / fraction) + float_note])
    w(wb.table(["board", "d", "DecideInteger", "plain int16 loop", "ratio",
                "Model::Decide (float)", "integer / float"], rows))
    w("\nFlash of the integer codegen image (`bench/size/codegen_integer.cc`: "
      "`DecideBenchIntegerD32` on a runtime built with `TINYFAIR_RUNTIME_CFG_FLOAT=0`, no "
      "decoder) over the baseline; the test `no_soft_float.<board>.codegen_integer` "
      "(`targets/common/check_no_soft_float.cmake`) fails if the image links any soft-float "
      "routine, and `no_soft_float.microbit.control_codegen_ramp` checks that it catches the "
      "float codegen image.\n\n")
    rows = []
    for board in boards:
        values = data[board]["values"]
        if (IMAGE, "flash") not in values:
            continue
        over = values[(IMAGE, "flash")] - values[("baseline", "flash")]
        ram = values[(IMAGE, "ram")] - values[("baseline", "ram")]
        target = IMAGE_TARGETS.get(board)
        note = " " + wb.met(over <= target) if target else ""
        rows.append([board, wb.n(over) + note, wb.n(ram)])
    w(wb.table(["board", "flash over baseline", "RAM over baseline"], rows))
    w("\n")
    return "".join(out)
