#!/usr/bin/env bash
# fetch_debian_source PACKAGE VERSION WORK: unpacks Debian's source package
# PACKAGE at VERSION under WORK and prints the unpacked folder. Uses a private
# deb-src list derived from the machine's own apt sources, so the system's
# apt configuration is untouched. Sourced by the fetch_*_sources.sh scripts.
fetch_debian_source() {
  local package=$1 version=$2 work=$3
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

  local apt_options=(
    -o "Dir::Etc::SourceList=/dev/null"
    -o "Dir::Etc::SourceParts=$work/sources.list.d"
    -o "Dir::State::Lists=$work/lists"
    -o "Dir::Cache::Archives=$work/archives"
    -o "APT::Sandbox::User=root"
  )
  echo "fetching Debian source package $package $version" >&2
  apt-get "${apt_options[@]}" update -qq >&2
  (cd "$work" && apt-get "${apt_options[@]}" source -qq --only-source "$package=$version" >/dev/null)
  find "$work" -maxdepth 1 -type d -name "$package-*" | head -n 1
}
