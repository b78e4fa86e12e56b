#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04 by
# default): it installs the Swift toolchain when the image has none, the sandbox's tools, and
# builds the grader and the library once, so that every submission starts warm. Without network
# (or on another system) install Swift 6.1 or later yourself; this script then only checks it.
set -euo pipefail
cd "$(dirname "$0")"
swift_version=6.1
if ! command -v swift >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup.sh: no swift on PATH and no apt-get to install one: install Swift $swift_version or later" >&2
    exit 1
  fi
  apt-get update
  apt-get install -y binutils curl git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 \
    libgcc-11-dev libpython3-dev libsqlite3-0 libstdc++-11-dev libxml2-dev libz3-dev pkg-config \
    tzdata zlib1g-dev bubblewrap util-linux
  . /etc/os-release
  platform="ubuntu${VERSION_ID}"
  name="swift-${swift_version}-RELEASE-${platform}"
  curl -fsSL "https://download.swift.org/swift-${swift_version}-release/${platform//./}/swift-${swift_version}-RELEASE/${name}.tar.gz" |
    tar -xz -C /opt
  ln -sf "/opt/${name}/usr/bin/"* /usr/local/bin/
fi
version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -1)
case "$version" in
  6.* | [7-9].*) ;;
  *) echo "setup.sh: this workspace needs Swift $swift_version or later; swift --version says '${version:-nothing}'" >&2; exit 1 ;;
esac
# shellcheck source=/dev/null
source ./gradescope.conf
# The self-check of the graded exercises: builds the grader, the library and each exercise once
# (in .build-grade, where run_autograder grades), and proves the solutions still score 100 %.
scripts/grade --solutions ${exercises:+-e "$exercises"} --quiet --no-color --format none
