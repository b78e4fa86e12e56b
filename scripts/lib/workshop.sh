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
    # The toolchain the swift on PATH leads to: its path, and the date and inode of the file a
    # symbolic link there points to (another toolchain behind the same link differs in both).
    if [ -n "$swift" ]; then
      echo "$swift $(stat -L -c %Y:%i "$swift" 2>/dev/null || stat -L -f %m:%i "$swift")"
    fi
  } | cksum
}

# first_screen ROOT [ID]: on a workspace the learner tool has never run in, what to read while
# the tool is built: the course, and the first exercise's (or ID's) title and Step 1 in its
# lesson's words, read straight from Exercises/catalogue.json and the lesson (no build needed).
first_screen() {
  local root=$1 id=${2:-} catalogue count title step
  catalogue="$root/Exercises/catalogue.json"
  [ -f "$catalogue" ] || return 0
  count=$(grep -c '"id":' "$catalogue" || true)
  if [ -z "$id" ] || ! grep -q "\"id\": \"$id" "$catalogue"; then
    id=$(grep -m1 '"id":' "$catalogue" | sed 's/.*"id": "\([^"]*\)".*/\1/')
  else
    id=$(grep -m1 "\"id\": \"$id" "$catalogue" | sed 's/.*"id": "\([^"]*\)".*/\1/')
  fi
  title=$(awk -v id="$id" 'index($0, "\"id\": \"" id "\"") { found = 1 }
    found && /"title":/ { sub(/.*"title": "/, ""); sub(/",?[[:space:]]*$/, ""); print; exit }' \
    "$catalogue")
  # The lesson's first step: the list item "1. **Step 1…" and its indented lines.
  # (Markdown's bold marks dropped: a terminal shows them as they are.)
  step=$(awk '/^1\. \*\*Step 1/ { on = 1; sub(/^1\. /, ""); gsub(/\*\*/, ""); print; next }
    on && /^   / { sub(/^   /, ""); gsub(/\*\*/, ""); print; next } on { exit }' \
    "$root/Exercises/$id/README.md" 2>/dev/null || true)
  {
    echo "The course: $count exercises, from rebuilding the library to using it."
    echo
    echo "$id · $title"
    [ -n "$step" ] && echo "$step"
    echo
    echo "(the whole lesson: Exercises/$id/README.md)"
    echo
  } >&2
}

# build_with_progress PACKAGE WHAT: builds the tool, and on a terminal shows one line that says
# what is being built, how far along (SwiftPM's steps) and about how long is left. The build's
# output goes to LOG (a variable of the caller); its status is returned.
build_with_progress() {
  local package=$1 what=$2 started line at total now left status
  started=$(date +%s)
  if [ ! -t 2 ]; then
    log=$(swift build --package-path "$package" --product workshop 2>&1) && return 0 || return $?
  fi
  exec 3< <(swift build --package-path "$package" --product workshop 2>&1; echo "exit-status $?")
  log=""
  status=1
  while IFS= read -r line <&3; do
    case "$line" in
      "exit-status "*) status=${line#exit-status }; continue ;;
    esac
    log+="$line"$'\n'
    if [[ "$line" =~ ^\[([0-9]+)/([0-9]+)\] ]]; then
      at=${BASH_REMATCH[1]} total=${BASH_REMATCH[2]}
      now=$(date +%s)
      left=""
      if [ "$at" -ge 3 ] && [ "$total" -gt "$at" ]; then
        left=", about $(((now - started) * (total - at) / at + 1)) s left"
      fi
      printf '\r\033[K  building %s: step %s of %s%s' "$what" "$at" "$total" "$left" >&2
    fi
  done
  exec 3<&-
  printf '\r\033[K' >&2
  return "$status"
}

# run_workshop TOOL MESSAGE ARGUMENTS…: MESSAGE names the tool in errors ("the grader").
run_workshop() {
  local tool=$1 what=$2
  shift 2
  local root package record fingerprint binary log
  # Started on every check a learner makes: no process is spawned here that a builtin can spare.
  root=$(cd "${BASH_SOURCE[0]%/*}/../.." && pwd)
  package="$root/scripts/Workshop"
  record="$package/.build/workshop-fingerprint"
  fingerprint=$(workshop_fingerprint "$package")
  if [ -f "$record" ]; then
    local recorded=""
    { read -r recorded && read -r binary; } <"$record" || true
    [ "$recorded" = "$fingerprint" ] && [ -x "$binary" ] && exec "$binary" --root "$root" "$tool" "$@"
  fi
  if [ ! -x "$package/.build/debug/workshop" ]; then
    # A first run: something to read while the tool is built (the learner tool, on a workspace
    # it never ran in).
    if [ "$tool" = learn ] && [ ! -d "$root/.build-learn" ]; then
      local id=""
      [ "${1:-}" = check ] && id=${2:-}
      first_screen "$root" "$id"
    fi
    echo "$tool: building $what (scripts/Workshop; first run only, a minute or two)…" >&2
  fi
  if ! build_with_progress "$package" "$what"; then
    echo "$log" >&2
    echo "$tool: could not build $what (scripts/Workshop); the errors are above" >&2
    exit 2
  fi
  binary="$(swift build --package-path "$package" --show-bin-path)/workshop"
  printf '%s\n%s\n' "$fingerprint" "$binary" >"$record.new" && mv "$record.new" "$record"
  exec "$binary" --root "$root" "$tool" "$@"
}
