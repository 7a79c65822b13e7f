#!/usr/bin/env bash
# Installs every Debian package the build, the tests and the demo need, then
# fetches the nanopb C runtime and the libsodium parts the runtime compiles
# into the build tree. Safe to run twice;
# quiet when nothing is missing.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)

packages=(
  build-essential cmake ninja-build pkg-config dpkg-dev
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
  qemu-system-arm qemu-system-misc
  libeigen3-dev nanopb protobuf-compiler libprotobuf-dev
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
  liblbfgspp-dev coinor-libclp-dev nlohmann-json3-dev
  gnuplot-nox
  python3-sklearn python3-pandas python3-yaml python3-kconfiglib
  python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-matplotlib
  python3-dask python3-distributed python3-nacl python3-tqdm
  clang-14 libclang-rt-14-dev clang-tidy-14 clang-format-14 python3
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run this script as root (or install them with apt-get)" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

"$here/fetch_nanopb_sources.sh" "$source_dir/build/_deps/nanopb"
"$here/fetch_libsodium_sources.sh" "$source_dir/build/_deps/libsodium"
