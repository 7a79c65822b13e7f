#!/usr/bin/env bash
# Fetches the parts of libsodium the device runtime compiles (SHA-256,
# SHA-512, Ed25519 verification, SipHash-2-4 and their headers) from
# Debian's libsodium source package, at the version apt would install of
# its library (libsodium23), into DEST, keeping the source tree's layout
# under DEST/src/libsodium. Does nothing when DEST already holds that
# version.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/debian_source.sh"

dest=${1:?usage: fetch_libsodium_sources.sh DEST}
version=$(apt-cache policy libsodium23 | sed -n 's/^ *Candidate: *//p')
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
  echo "fetch_libsodium_sources: apt knows no version of libsodium23 (run apt-get update)" >&2
  exit 1
fi
if [ -f "$dest/.version" ] && [ "$(cat "$dest/.version")" = "$version" ]; then
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unpacked=$(fetch_debian_source libsodium "$version" "$work")
parts=(
  include/sodium
  crypto_core/ed25519/ref10
  crypto_sign/ed25519/ref10
  crypto_hash/sha256/cp
  crypto_hash/sha512/cp
  crypto_shorthash/siphash24/ref
  crypto_verify/sodium
)
if [ -z "$unpacked" ] || [ ! -f "$unpacked/src/libsodium/crypto_sign/ed25519/ref10/open.c" ]; then
  echo "fetch_libsodium_sources: the source package did not unpack crypto_sign/ed25519/ref10/open.c" >&2
  exit 1
fi
rm -rf "$dest"
for part in "${parts[@]}"; do
  mkdir -p "$dest/src/libsodium/$(dirname "$part")"
  cp -r "$unpacked/src/libsodium/$part" "$dest/src/libsodium/$part"
done
cp "$unpacked/LICENSE" "$dest/"
echo "$version" > "$dest/.version"
