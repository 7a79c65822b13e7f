#!/usr/bin/env bash
# The layer check must fail on includes that cross the allowed directions:
# it is run on a small tree with one planted crossing per rule and must name
# each, with its file and line, and exit 1 (and a file of a module that
# opens another module's namespace); the same tree without them passes.
set -euo pipefail
checker=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT

mkdir -p "$tree"/host_tools/{common,data,frll,reductions,simulate,postprocessing,fit,cli} \
         "$tree"/runtime "$tree"/codegen
printf '#include "host_tools/common/a.h"\nnamespace tinyfair::host::data {\n}\n' \
  >"$tree/host_tools/data/ok.cc"
printf '#include "host_tools/data/ok.h"\n#include "host_tools/common/a.h"\n' >"$tree/host_tools/frll/ok.cc"
printf '#include "host_tools/frll/ok.h"\n' >"$tree/host_tools/cli/ok.cc"
printf '#include "host_tools/simulate/ok.h"\n#include "host_tools/frll/ok.h"\n' \
  >"$tree/host_tools/fit/ok.cc"
printf '#include "host_tools/fit/ok.h"\n' >"$tree/host_tools/cli/uses_fit.cc"
printf '#include <CLI/CLI.hpp>\n' >"$tree/host_tools/cli/command_line.cc"
python3 "$checker" "$tree" >"$tree/clean.out"

printf '// a family using another family\n#include "host_tools/reductions/core.h"\n' \
  >"$tree/host_tools/frll/bad.cc"
printf '#include "host_tools/simulate/runner.h"\n' >"$tree/host_tools/postprocessing/bad.h"
printf '#include "host_tools/data/csv.h"\n' >"$tree/host_tools/common/bad.h"
printf '#include "host_tools/cli/x.h"\n' >"$tree/host_tools/data/bad.cc"
printf '#include "host_tools/model/model_file.h"\n' >"$tree/runtime/bad.cc"
printf '#include "host_tools/model/model_file.h"\n' >"$tree/codegen/bad.cc"
printf 'namespace tinyfair::host {\n}\n' >"$tree/host_tools/frll/wrong_namespace.cc"
printf '// the library using a front end\n#include "host_tools/cli/cli_common.h"\n' \
  >"$tree/host_tools/fit/bad.cc"
printf '#include "host_tools/fit/train.h"\n' >"$tree/host_tools/reductions/bad.cc"
printf '// a command that parses for itself\n#include <CLI/CLI.hpp>\n' \
  >"$tree/host_tools/cli/own_parser.cc"
if python3 "$checker" "$tree" >"$tree/planted.out"; then
  echo "the layer check passed a tree with crossing includes" >&2
  exit 1
fi
cat "$tree/planted.out"
expect() {
  grep -qF -- "$1" "$tree/planted.out" || { echo "missing: $1" >&2; exit 1; }
}
expect 'host_tools/frll/bad.cc:2: #include "host_tools/reductions/core.h": frll may not include reductions (frll may use: common, data, model, metrics, learn)'
expect 'host_tools/postprocessing/bad.h:1: #include "host_tools/simulate/runner.h": postprocessing may not include simulate'
expect 'host_tools/common/bad.h:1: #include "host_tools/data/csv.h": common may not include data (common may use: no other module)'
expect 'host_tools/data/bad.cc:1: #include "host_tools/cli/x.h": data may not include cli'
expect 'runtime/bad.cc:1: #include "host_tools/model/model_file.h": the runtime may include nothing of the host'
expect 'codegen/bad.cc:1: #include "host_tools/model/model_file.h": codegen may include only the runtime'
expect 'host_tools/frll/wrong_namespace.cc:1: namespace tinyfair::host: frll declares its names in tinyfair::host::frll'
expect 'host_tools/fit/bad.cc:2: #include "host_tools/cli/cli_common.h": fit may not include cli'
expect 'host_tools/reductions/bad.cc:1: #include "host_tools/fit/train.h": reductions may not include fit'
expect 'host_tools/cli/own_parser.cc:2: #include <CLI/CLI.hpp>: only host_tools/cli/command_line.cc includes the command-line parser'
expect 'layers: 10 include(s) or namespace(s) cross the allowed directions'
echo "planted crossings: each named, exit 1"
