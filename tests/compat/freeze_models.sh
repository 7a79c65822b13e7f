#!/usr/bin/env bash
# freeze_models.sh REV VERSION: builds the release at commit REV (whose
# kSchemaMinor makes it schema VERSION, e.g. 1.1) in a scratch folder outside
# the repository, runs its own golden generator, and writes what it wrote into
# tests/compat/models/VERSION/: <Name>.pb (the sealed model), <Name>.tfv (its
# decision vectors) and <Name>.csv (the decision log that release's runtime
# wrote for them), plus SOURCE (the commit and the commands).
#
# Releases with tests/golden/make_golden_models.cc run it; the first release
# (make_test_models.cc, models only) has its models decided by its own
# `tinyfair simulate` on inputs.csv, a table this script writes.
#
# Frozen files are never regenerated: the script refuses an existing folder.
# Needs what host_tools/scripts/setup_debian.sh installs (the nanopb runtime
# sources in build/_deps/nanopb, or TINYFAIR_NANOPB_SOURCE_DIR; from 1.4 on the
# libsodium sources in build/_deps/libsodium, or TINYFAIR_LIBSODIUM_SOURCE_DIR).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 REV VERSION   (e.g. $0 627c1dd 1.1)" >&2
  exit 2
fi
rev=$1
version=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
out=$here/models/$version
if [ -e "$out" ]; then
  echo "$out exists: frozen files are never regenerated" >&2
  exit 1
fi
commit=$(git -C "$repo" rev-parse --verify "$rev^{commit}")
minor=$(git -C "$repo" grep -h -E 'kSchemaMinor *=' "$commit" -- host_tools |
  sed -E 's/.*= *([0-9]+).*/\1/' | head -n 1)
if [ "1.$minor" != "$version" ]; then
  echo "$commit writes schema 1.$minor, not $version" >&2
  exit 1
fi

# TINYFAIR_FREEZE_SCRATCH reuses an earlier scratch folder of the same commit
# (git archive keeps the commit's file times, so nothing is rebuilt).
scratch=${TINYFAIR_FREEZE_SCRATCH:-$(mktemp -d "${TMPDIR:-/tmp}/tinyfair-freeze-$version.XXXXXX")}
echo "scratch: $scratch"
rm -rf "$scratch/gen" "$scratch/frozen"
mkdir -p "$scratch/src" "$scratch/gen"
git -C "$repo" archive "$commit" | tar -x -C "$scratch/src"
nanopb=${TINYFAIR_NANOPB_SOURCE_DIR:-$repo/build/_deps/nanopb}
# Releases from schema 1.4 on also compile libsodium's sources; older ones
# ignore the setting.
libsodium=${TINYFAIR_LIBSODIUM_SOURCE_DIR:-$repo/build/_deps/libsodium}
cmake -S "$scratch/src" -B "$scratch/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTINYFAIR_FIRMWARE=OFF -DTINYFAIR_PYTHON=OFF -DTINYFAIR_NANOPB_SOURCE_DIR="$nanopb" \
  -DTINYFAIR_LIBSODIUM_SOURCE_DIR="$libsodium" --no-warn-unused-cli >/dev/null

extract() {  # test_models.h -> <Name>.pb for every name given
  python3 - "$@" <<'PY'
import re, sys
header, out_dir, names = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(header).read()
for name in names:
    body = re.search(r"uint8_t k%s\[[^\]]*\] = \{([^}]*)\}" % name, text).group(1)
    data = bytes(int(b, 0) for b in body.replace(",", " ").split())
    size = re.search(r"size_t k%sSize = (\d+);" % name, text)
    if size and int(size.group(1)) != len(data):
        sys.exit("%s: %d bytes, its header says %s" % (name, len(data), size.group(1)))
    open("%s/%s.pb" % (out_dir, name), "wb").write(data)
PY
}

# Written into the scratch folder, moved into place once complete.
frozen=$scratch/frozen
mkdir -p "$frozen"
start=$(date +%s)
if [ -f "$scratch/src/tests/golden/make_golden_models.cc" ]; then
  cmake --build "$scratch/build" --target make_golden_models --parallel "${JOBS:-2}"
  built=$(($(date +%s) - start))
  "$scratch/build/tests/golden/make_golden_models" "$scratch/gen"
  # The registry's names, in the order the records were written.
  names=$(sed -n '/kGoldenModels\[\] = {/,/^};/p' "$scratch/gen/test_models.h" |
    sed -n -E 's/^ *\{"([A-Za-z0-9]+)".*/\1/p')
  extract "$scratch/gen/test_models.h" "$frozen" $names
  i=0
  for name in $names; do
    cp "$scratch/gen/golden_$name.tfv" "$frozen/$name.tfv"
    i=$((i + 1))
    # golden_records.csv is one log (header and rows) per model, in order.
    awk -v n="$i" '/^model_hash,/ { part++ } part == n' "$scratch/gen/golden_records.csv" \
      >"$frozen/$name.csv"
  done
  how="make_golden_models (tests/golden/make_golden_models.cc)"
else
  cmake --build "$scratch/build" --target make_test_models tinyfair --parallel "${JOBS:-2}"
  built=$(($(date +%s) - start))
  "$scratch/build/tests/golden/make_test_models" "$scratch/gen/test_models.h"
  names=$(sed -n -E 's/.*uint8_t k([A-Za-z0-9]+)\[[^]]*\] = \{.*/\1/p' "$scratch/gen/test_models.h" |
    grep -v '^Oversized')
  extract "$scratch/gen/test_models.h" "$frozen" $names
  # The inputs: 1,000 seeded rows of x, colour, sex and group, with missing
  # values, unknown categories and unknown groups mixed in.
  awk 'BEGIN {
    srand(1000); print "x,colour,sex,group";
    split("red,green,blue", colour, ","); split("female,male", sex, ",");
    for (r = 0; r < 1000; ++r) {
      x = sprintf("%.6f", 2 * rand()); c = colour[1 + int(3 * rand())];
      s = sex[1 + int(2 * rand())]; g = int(2 * rand()); u = rand();
      if (u < 0.03) x = ""; else if (u < 0.06) c = "purple"; else if (u < 0.08) c = "";
      else if (u < 0.11) s = "other"; else if (u < 0.13) g = 5;
      print x "," c "," s "," g }
  }' >"$frozen/inputs.csv"
  seed=1000
  for name in $names; do
    seed=$((seed + 1))
    "$scratch/build/host_tools/tinyfair" simulate --model "$frozen/$name.pb" --data "$frozen/inputs.csv" \
      --seed "$seed" --out "$frozen/$name.csv" --vectors "$frozen/$name.tfv"
  done
  how="make_test_models (tests/golden/make_test_models.cc), then tinyfair simulate --data inputs.csv --seed 1001.. per model"
fi
{
  echo "schema $version"
  echo "commit $commit"
  echo "written by $how"
  echo "reproduce: tests/compat/freeze_models.sh $rev $version"
} >"$frozen/SOURCE"
mkdir -p "$(dirname "$out")"
mv "$frozen" "$out"
echo "froze $(echo $names | wc -w) models of schema $version from $commit (build ${built}s)"
