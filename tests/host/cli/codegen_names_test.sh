#!/usr/bin/env bash
# tinyfair codegen on a model whose input and category names are hostile
# (comment terminators, a preprocessor line, backslashes, non-ASCII,
# duplicates): every generated header (C++ bytes, C bytes, C++ tables, C
# tables) compiles without warnings, and firmware code indexes the inputs by the
# sanitised names.
set -euo pipefail
# include: the runtime's public headers; generated: the build's generated
# runtime headers (c_storage_bytes.h, which tinyfair.h includes).
tinyfair=$1 model=$2 include=$3 work=$4 generated=$5
cxx=${CXX:-c++} cc=${CC:-cc}
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" inspect "$model" > "$work/model.json"
python3 - "$work/model.json" "$work/hostile.json" <<'PY'
import json, sys
model = json.load(open(sys.argv[1]))
names = ["score*/\n#error injected\n// \\", "", "rating\u00e9", "region", "group"]
for i, name in enumerate(names):
    model["inputs"][i]["name"] = name
region = model["inputs"][3]
region["categories"] = ["n-o*/rth", "n o rth"] + region["categories"][2:]
json.dump(model, open(sys.argv[2], "w"))
PY
"$tinyfair" export --model "$work/hostile.json" --out "$work/hostile.pb" 2>/dev/null
"$tinyfair" codegen --model "$work/hostile.pb" --name Hostile --out "$work/hostile.h" 2>/dev/null
"$tinyfair" codegen --model "$work/hostile.pb" --name Hostile --language c \
    --out "$work/hostile_c.h" 2>/dev/null
"$tinyfair" codegen --model "$work/hostile.pb" --name Hostile --tables \
    --out "$work/hostile_tables.h" 2>/dev/null
"$tinyfair" codegen --model "$work/hostile.pb" --name Hostile --tables --language c \
    --out "$work/hostile_tables_c.h" 2>/dev/null
# The names' newlines, comment terminators and backslashes are escaped (as
# \xNN), so "#error injected" stays comment text: every line that starts a
# directive is one codegen writes, and no line ends in a backslash.
for header in hostile.h hostile_c.h hostile_tables.h hostile_tables_c.h; do
  if grep -E '^[[:space:]]*#' "$work/$header" |
       grep -vqE '^#(pragma once|include [<"]|define (k|TINYFAIR_MODEL_)|ifndef TINYFAIR_MODEL_|endif|ifdef __cplusplus|if defined\(__cplusplus\) && defined\(TINYFAIR_HOSTILE_TABLES_IMPLEMENTATION\))' ||
     grep -q '\\$' "$work/$header"; then
    echo "codegen_names_test: a raw name reached $header" >&2
    exit 1
  fi
done
cat > "$work/use.cc" <<'CC'
#include "hostile.h"
using namespace tinyfair_models;
static_assert(kHostileInputCount == 5);
static_assert(HostileInput::kScoreErrorInjected == 0 && HostileInput::kInput1 == 1 &&
              HostileInput::kRating == 2 && HostileInput::kRegion == 3);
static_assert(HostileRegionCategory::kNORth == 0 && HostileRegionCategory::kNORth_2 == 1);
CC
cat > "$work/use_tables.cc" <<'CC'
#include "hostile_tables.h"
static_assert(tinyfair_models::HostileInput::kGroup == 4);
CC
cat > "$work/use.c" <<'CC'
#include "hostile_c.h"
_Static_assert(kHostileInputScoreErrorInjected == 0 && kHostileInputInput1 == 1, "inputs");
_Static_assert(kHostileRegionCategoryNORth_2 == 1, "categories");
CC
"$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$work" "$work/use.cc"
"$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$work" -I "$include" -I "$generated" "$work/use_tables.cc"
"$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I "$work" "$work/use.c"
# The C tables header: declarations in C, the tables in its C++ source.
printf '#include "hostile_tables_c.h"\n_Static_assert(kHostileInputGroup == 4, "");\n' \
    > "$work/use_tables.c"
printf '#define TINYFAIR_HOSTILE_TABLES_IMPLEMENTATION\n#include "hostile_tables_c.h"\n' \
    > "$work/tables_impl.cc"
"$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I "$work" -I "$include" -I "$generated" "$work/use_tables.c"
"$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$work" -I "$include" -I "$generated" \
    "$work/tables_impl.cc"
echo "codegen_names_test: four headers from hostile names compile"
