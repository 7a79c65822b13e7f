#!/usr/bin/env bash
# Fetches the nanopb C runtime (pb.h, pb_common.*, pb_decode.*, pb_encode.*)
# from Debian's nanopb source package, at the exact version of the installed
# generator, into DEST. Uses a private deb-src list derived from the
# machine's own apt sources, so the system's apt configuration is untouched.
# Does nothing when DEST already holds that version.
set -euo pipefail

dest=${1:?usage: fetch_nanopb_sources.sh DEST}
version=$(dpkg-query -W -f='${Version}' nanopb)
if [ -f "$dest/.version" ] && [ "$(cat "$dest/.version")" = "$version" ]; then
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sources.list.d" "$work/lists/partial" "$work/archives/partial"

# Turn every binary source the machine uses into a deb-src entry.
{
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -e 's/^Types:.*/Types: deb-src/' "$f"
    echo
  done
} > "$work/sources.list.d/deb-src.sources"
if [ -f /etc/apt/sources.list ]; then
  sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list > "$work/sources.list.d/deb-src.list"
fi

apt_options=(
  -o "Dir::Etc::SourceList=/dev/null"
  -o "Dir::Etc::SourceParts=$work/sources.list.d"
  -o "Dir::State::Lists=$work/lists"
  -o "Dir::Cache::Archives=$work/archives"
  -o "APT::Sandbox::User=root"
)
echo "fetch_nanopb_sources: fetching Debian source package nanopb $version"
apt-get "${apt_options[@]}" update -qq
(cd "$work" && apt-get "${apt_options[@]}" source -qq --only-source "nanopb=$version" >/dev/null)

unpacked=$(find "$work" -maxdepth 1 -type d -name 'nanopb-*' | head -n 1)
if [ -z "$unpacked" ] || [ ! -f "$unpacked/pb_decode.c" ]; then
  echo "fetch_nanopb_sources: the source package did not unpack pb_decode.c" >&2
  exit 1
fi
rm -rf "$dest"
mkdir -p "$dest"
cp "$unpacked"/pb.h "$unpacked"/pb_common.[ch] "$unpacked"/pb_decode.[ch] "$unpacked"/pb_encode.[ch] "$dest"/
[ -f "$unpacked/LICENSE.txt" ] && cp "$unpacked/LICENSE.txt" "$dest/"
echo "$version" > "$dest/.version"
