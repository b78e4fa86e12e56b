# Sourced by scripts/learn, scripts/grade and scripts/exercises: starts the `workshop` tool
# (scripts/Workshop), building it first only when something it is built from has changed.
#
#   run_workshop TOOL MESSAGE ARGUMENTS…   TOOL: learn, grade or exercises
#
# What it is built from is fingerprinted by content: every file of scripts/Workshop's
# Package.swift and Sources/, and the swift on PATH (its resolved path and date). When the
# fingerprint equals the one recorded after the last successful build and the binary is there,
# the tool starts at once, without asking SwiftPM (a no-op `swift build` and `--show-bin-path`
# cost about a second). Otherwise it is built, and the fingerprint taken before the build is
# recorded, so a file changed during the build makes the next start build again.

workshop_fingerprint() {
  local package=$1 swift
  swift=$(command -v swift || true)
  {
    (cd "$package" && find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | xargs -0 cksum)
    if [ -n "$swift" ]; then
      swift=$(readlink -f "$swift")
      echo "$swift $(stat -c %Y "$swift" 2>/dev/null || stat -f %m "$swift")"
    fi
  } | cksum
}

# run_workshop TOOL MESSAGE ARGUMENTS…: MESSAGE names the tool in errors ("the grader").
run_workshop() {
  local tool=$1 what=$2
  shift 2
  local root package record fingerprint binary log
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  package="$root/scripts/Workshop"
  record="$package/.build/workshop-fingerprint"
  fingerprint=$(workshop_fingerprint "$package")
  if [ -f "$record" ] && [ "$(head -1 "$record")" = "$fingerprint" ]; then
    binary=$(sed -n 2p "$record")
    [ -x "$binary" ] && exec "$binary" --root "$root" "$tool" "$@"
  fi
  [ -x "$package/.build/debug/workshop" ] \
    || echo "$tool: building $what (scripts/Workshop; first run only, a minute or two)…" >&2
  if ! log=$(swift build --package-path "$package" --product workshop 2>&1); then
    echo "$log" >&2
    echo "$tool: could not build $what (scripts/Workshop); the errors are above" >&2
    exit 2
  fi
  binary="$(swift build --package-path "$package" --show-bin-path)/workshop"
  printf '%s\n%s\n' "$fingerprint" "$binary" >"$record.new" && mv "$record.new" "$record"
  exec "$binary" --root "$root" "$tool" "$@"
}
