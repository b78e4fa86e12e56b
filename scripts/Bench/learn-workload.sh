#!/usr/bin/env bash
# The learner's-loop workload of `scripts/bench --learn`: how long a learner waits after a save.
#
#   scripts/bench --learn                   exercises 01, 09, 13 and 14, 5 saves each
#   scripts/bench --learn --saves 11 -e 04  another exercise, more saves
#
# For each exercise, in a copy of the workspace under .build-bench/learn (your files are never
# touched) where the exercise is solved as its solution does it (sources, and tests where the
# learner writes them) and checked once, it measures two things after a save, which appends a
# comment line to the file a learner would be editing (the last source file where the learner
# writes sources only, else the last test file):
#   - watch mode in a pseudo-terminal (util-linux `script`): the time from the save (the file's
#     date) to the result on the screen, as watch mode itself reports it ("result 0.6 s after
#     your save");
#   - `scripts/learn check ID`: its wall time, start-up included.
# Each figure is the median of the saves; a shared machine's load moves them, so the load is
# printed. (The design before direct rebuilds, every check built by SwiftPM, was last measured
# beside today's on 2026-12-07: scripts/Bench/HISTORY.md.)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/Bench/exercise-files.sh"
saves=5
picks="01,09,13,14"
while [ $# -gt 0 ]; do
  case "$1" in
    --saves) saves=${2:?--saves needs a number}; shift 2 ;;
    -e | --exercise) picks=${2:?-e needs exercise ids}; shift 2 ;;
    *) echo "bench: unknown --learn option $1; see 'scripts/bench --help'" >&2; exit 2 ;;
  esac
done
[[ "$saves" =~ ^[1-9][0-9]*$ ]] || { echo "bench: --saves takes a number, not $saves" >&2; exit 2; }
command -v script >/dev/null || {
  echo "bench: --learn needs util-linux's 'script' for a pseudo-terminal (Debian: apt-get install util-linux)" >&2
  exit 1
}

ids=()
for manifest in "$root"/Tests/*/exercise.json; do
  id=$(basename "$(dirname "$manifest")")
  for pick in ${picks//,/ }; do [[ "$id" == "$pick" || "$id" == "$pick"-* ]] && ids+=("$id"); done
done
[ ${#ids[@]} -gt 0 ] || { echo "bench: no exercise matches '$picks'" >&2; exit 2; }

# The tool, built once (the wrapper records where its binary is).
"$root/scripts/learn" --help >/dev/null
binary=$(sed -n 2p "$root/scripts/Workshop/.build/workshop-fingerprint")
[ -x "$binary" ] || { echo "bench: the workshop tool was not built; run scripts/learn --help to see why" >&2; exit 1; }

# A copy per exercise, so watch mode works on that exercise: the library, the exercise, its
# manifest and solution, with the exercise solved. `cp -p` keeps dates, so a kept build folder
# stays valid for files that did not change.
workspace_for() { # id -> the copy's folder
  local id=$1 ws="$root/.build-bench/learn/$1" part file
  mkdir -p "$ws/Exercises" "$ws/Tests" "$ws/Solutions"
  rm -rf "$ws/Packages"
  cp -Rp "$root/Packages" "$ws/Packages"
  rm -rf "$ws/Packages"/*/.build
  cp -p "$root/Exercises/catalogue.json" "$ws/Exercises/"
  for part in Exercises Tests Solutions; do
    rm -rf "${ws:?}/$part/$id"
    cp -Rp "$root/$part/$id" "$ws/$part/$id"
  done
  rm -rf "$ws/Exercises/$id/.build"
  for file in "$root/Solutions/$id"/Sources/*/*.swift "$root/Solutions/$id"/Tests/*/*.swift; do
    [ -f "$file" ] || continue
    solved "$file" >"$ws/Exercises/$id/${file#"$root/Solutions/$id/"}"
  done
  echo "$ws"
}

# The file each save edits: the last source file (in name order) where the learner writes
# sources only, else the last test file.
edited_file() {
  local folder=Tests
  [ "$(kind_of "$1")" = sources ] && folder=Sources
  find "$ws/Exercises/$1/$folder" -name '*.swift' | LC_ALL=C sort | tail -1
}
# A save: a comment line appended (what the learner's edit is does not matter to the build:
# the file's bytes changed).
save() { # file, number
  printf '// bench save %s\n' "$2" >>"$1"
}
median() { LC_ALL=C sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Watch mode in a pseudo-terminal: saves one at a time, each after the previous result is shown;
# prints the reported seconds, one per line.
watch_times() { # id
  local id=$1 file out count seen n
  file=$(edited_file "$id")
  out=$(mktemp)
  # Watch mode starts on the first exercise that does not pass: the edited one, with a line
  # that does not compile, removed by the first save. It stays on that exercise afterwards.
  printf '#error("bench: not saved yet")\n' >>"$file"
  tail -f /dev/null | script -qfec "'$binary' --root '$ws' learn watch" /dev/null >"$out" 2>&1 &
  local pid=$!
  wait_for() { # count of finished runs to wait for
    local deadline=$((SECONDS + 600))
    until [ "$(grep -aoE 'Run [0-9]+ [(·]' "$out" | LC_ALL=C sort -u | wc -l)" -ge "$1" ]; do
      [ $SECONDS -lt $deadline ] || { echo "bench: watch mode showed no result within 10 minutes; its screen is in $out" >&2; return 1; }
      sleep 0.05
    done
  }
  wait_for 1
  sed -i.bak '/#error("bench: not saved yet")/d' "$file" && rm -f "$file.bak"
  wait_for 2
  for n in $(seq 2 $((saves + 1))); do
    save "$file" "$((RANDOM * 100 + n))"
    wait_for $((n + 1))
  done
  kill "$pid" 2>/dev/null || true
  pkill -f "$binary --root $ws learn watch" 2>/dev/null || true
  # The first result after a save is the one that fixed the build: not a comment's save.
  grep -ao 'Run [0-9]* · result [0-9.]* s after your save' "$out" | LC_ALL=C sort -u \
    | grep -v '^Run 2 ' | sed 's/.*result \([0-9.]*\) s.*/\1/'
  rm -f "$out"
}

check_times() { # id
  local id=$1 file n started
  file=$(edited_file "$id")
  "$binary" --root "$ws" learn check "$id" >/dev/null 2>&1 || true
  for n in $(seq 1 "$saves"); do
    save "$file" "$((RANDOM * 100 + n))"
    started=$(date +%s.%N)
    "$binary" --root "$ws" learn check "$id" >/dev/null 2>&1 || true
    awk -v from="$started" -v to="$(date +%s.%N)" 'BEGIN { printf "%.3f\n", to - from }'
  done
}

printf 'bench: the learner'"'"'s loop, median of %d saves per figure, on %s cores (load now: %s)\n' \
  "$saves" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%-26s %-24s %-24s\n' "exercise" "watch: save → result" "learn check after a save"
for id in "${ids[@]}"; do
  ws=$(workspace_for "$id")
  # The first check builds the library and the exercise (and the lesson's mutants); not
  # measured.
  "$binary" --root "$ws" learn check "$id" >/dev/null 2>&1 || true
  watch=$(watch_times "$id" | median)
  check=$(check_times "$id" | median)
  printf '%-26s %-24s %-24s\n' "$id" "$watch s" "$check s"
done
