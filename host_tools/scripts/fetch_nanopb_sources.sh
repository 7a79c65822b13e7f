#!/usr/bin/env bash
# Fetches the nanopb C runtime (pb.h, pb_common.*, pb_decode.*, pb_encode.*)
# from Debian's nanopb source package, at the exact version of the installed
# generator, into DEST. Does nothing when DEST already holds that version.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/debian_source.sh"

dest=${1:?usage: fetch_nanopb_sources.sh DEST}
version=$(dpkg-query -W -f='${Version}' nanopb)
if [ -f "$dest/.version" ] && [ "$(cat "$dest/.version")" = "$version" ]; then
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unpacked=$(fetch_debian_source nanopb "$version" "$work")
if [ -z "$unpacked" ] || [ ! -f "$unpacked/pb_decode.c" ]; then
  echo "fetch_nanopb_sources: the source package did not unpack pb_decode.c" >&2
  exit 1
fi
rm -rf "$dest"
mkdir -p "$dest"
cp "$unpacked"/pb.h "$unpacked"/pb_common.[ch] "$unpacked"/pb_decode.[ch] "$unpacked"/pb_encode.[ch] "$dest"/
[ -f "$unpacked/LICENSE.txt" ] && cp "$unpacked/LICENSE.txt" "$dest/"
echo "$version" > "$dest/.version"
