#!/usr/bin/env bash
# The sharded-class workload of `scripts/bench --shards`: a big class graded in shards, one of
# them killed part-way, as on a batch system where a machine dies.
#
#   scripts/bench --shards                          1,000 learners, exercise 01, 4 shards, the
#                                                   second killed half-way
#   scripts/bench --shards --learners 200 --count 3 --kill 3 -e 01
#
# 1. Writes the class (learner k hands in, in turn, the solution, the starter or one of the
#    exercise's decoys) and grades it in one uninterrupted run: the reports to compare with.
# 2. Grades it again shard by shard (--shard I/N, one after another, in one warm build folder),
#    killing the chosen shard's whole process group once half of its learners are graded.
# 3. Merges the shards' folders: merge must refuse, naming the killed shard and every learner it
#    holds. Grades that shard again alone and merges again: the reports must be byte for byte the
#    uninterrupted run's, `graded_at` aside.
# Prints each run's wall time and peak memory (GNU time) and exits 1 when a check fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/Bench/exercise-files.sh"
learners=1000
count=4
kill_shard=2
exercises=01
while [ $# -gt 0 ]; do
  case "$1" in
    --learners) learners=${2:?--learners needs a number}; shift 2 ;;
    --count) count=${2:?--count needs a number}; shift 2 ;;
    --kill) kill_shard=${2:?--kill needs a shard number}; shift 2 ;;
    -e | --exercise) exercises=${2:?-e needs exercise ids}; shift 2 ;;
    *) echo "bench: unknown shards option $1; see 'scripts/bench --help'" >&2; exit 2 ;;
  esac
done
for value in "$learners" "$count" "$kill_shard"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench: --learners, --count and --kill take numbers, not $value" >&2; exit 2; }
done
[ "$kill_shard" -le "$count" ] || { echo "bench: --kill $kill_shard: there are only $count shards" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: --shards needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 1; }
command -v setsid >/dev/null || { echo "bench: --shards needs setsid (util-linux)" >&2; exit 1; }

work="$root/.build-bench/shards"
class="$work/class"
rm -rf "$work"
mkdir -p "$work"

ids=()
for manifest in "$root"/Tests/*/exercise.json; do
  id=$(basename "$(dirname "$manifest")")
  for pick in ${exercises//,/ }; do [[ "$id" == "$pick" || "$id" == "$pick"-* ]] && ids+=("$id"); done
done
[ ${#ids[@]} -gt 0 ] || { echo "bench: no exercise matches '$exercises'" >&2; exit 2; }
for id in "${ids[@]}"; do
  [ "$(kind_of "$id")" = sources ] || { echo "bench: --shards grades exercises whose learners hand in sources; $id is not one" >&2; exit 2; }
done

# 1. The class: the solution, the starter or a decoy in turn, as a learner hands them in.
for ((k = 1; k <= learners; k++)); do
  learner=$(printf 'learner-%04d' "$k")
  for id in "${ids[@]}"; do
    module=$(module_of "$id")
    target="$class/$learner/Exercises/$id/Sources/$module"
    mkdir -p "$target"
    mapfile -t decoys < <(ls "$root/Tests/$id/Decoys")
    choice=$(((k - 1) % (2 + ${#decoys[@]})))
    if [ "$choice" -eq 1 ]; then
      cp -R "$root/Exercises/$id/Sources/$module/." "$target/"
      continue
    fi
    for file in "$root/Solutions/$id/Sources/$module"/*.swift; do
      solved "$file" >"$target/$(basename "$file")"
    done
    if [ "$choice" -ge 2 ]; then
      for file in "$root/Tests/$id/Decoys/${decoys[$((choice - 2))]}/$module"/*.swift; do
        solved "$file" >"$target/$(basename "$file")"
      done
    fi
  done
done
echo "Shards workload: $learners learners x ${#ids[@]} exercise(s) (${ids[*]}), $count shards," \
  "shard $kill_shard killed half-way; $(nproc) cores"
"$root/scripts/grade" --help >/dev/null

e_option=$(IFS=,; echo "${ids[*]}")
build="$work/build"
# timed NAME COMMAND…: runs the command under GNU time, prints its wall time and peak memory.
timed() {
  local name=$1 file seconds=0 kilobytes=0
  shift
  local status=0
  file="$work/run-$(tr -c 'a-z0-9\n' '-' <<<"$name")"
  /usr/bin/time -f '%e %M' -o "$file.time" "$@" >"$file.log" 2>&1 || status=$?
  read -r seconds kilobytes < <(tail -1 "$file.time") || true
  printf '  %-34s %8.1f s  %6d MB peak  (exit %d)\n' "$name" "${seconds:-0}" \
    "$(((${kilobytes:-0} + 1023) / 1024))" "$status"
  return 0
}

problems=0
fail() { echo "FAILED  $*"; problems=$((problems + 1)); }

# The uninterrupted run, which also fills the build folder the shards share.
timed "whole class, one run" "$root/scripts/grade" "$class" -e "$e_option" -q \
  --build-folder "$build" -o "$work/whole"

# 2. Shard by shard; the chosen one killed once half its learners are graded.
expected_killed=$(((learners - kill_shard) / count + 1))
for ((shard = 1; shard <= count; shard++)); do
  if [ "$shard" -ne "$kill_shard" ]; then
    timed "shard $shard/$count" "$root/scripts/grade" "$class" -e "$e_option" -q \
      --shard "$shard/$count" --build-folder "$build" -o "$work/shard-$shard"
    continue
  fi
  # Not quiet: one progress line per graded learner, counted to find half-way.
  setsid "$root/scripts/grade" "$class" -e "$e_option" --shard "$shard/$count" \
    --build-folder "$build" -o "$work/shard-$shard" >"$work/killed.log" 2>&1 &
  group=$!
  started=$SECONDS
  while kill -0 "$group" 2>/dev/null; do
    graded=$(grep -c 'learner-[0-9]' "$work/killed.log" || true)
    if [ "$graded" -ge $((expected_killed / 2)) ]; then
      kill -KILL -- "-$group" 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  wait "$group" 2>/dev/null || true
  printf '  %-34s %8d s  (killed after %d of its %d learners)\n' "shard $shard/$count, killed" \
    "$((SECONDS - started))" "$graded" "$expected_killed"
done

# 3. The merge must refuse and name every learner of the killed shard.
folders=()
for ((shard = 1; shard <= count; shard++)); do folders+=("$work/shard-$shard"); done
if "$root/scripts/grade" merge "${folders[@]}" -o "$work/merged" >"$work/merge-1.log" 2>&1; then
  fail "merge called the class complete with shard $kill_shard killed"
else
  held=()
  for ((k = kill_shard; k <= learners; k += count)); do held+=("$(printf 'learner-%04d' "$k")"); done
  unnamed=0
  for learner in "${held[@]}"; do grep -q "$learner" "$work/merge-1.log" || unnamed=$((unnamed + 1)); done
  if [ "$unnamed" -eq 0 ] && grep -q "missing $kill_shard/$count" "$work/merge-1.log" &&
    [ ! -e "$work/merged/gradebook.csv" ]; then
    echo "  merge with shard $kill_shard killed: refused, naming all ${#held[@]} of its learners," \
      "no gradebook written"
  else
    fail "merge with shard $kill_shard killed: $unnamed of its ${#held[@]} learners not named (see $work/merge-1.log)"
  fi
fi

timed "shard $kill_shard/$count, graded again" "$root/scripts/grade" "$class" -e "$e_option" -q \
  --shard "$kill_shard/$count" --build-folder "$build" -o "$work/shard-$kill_shard"
timed "merge" "$root/scripts/grade" merge "${folders[@]}" -q -o "$work/merged"

# Byte for byte, `graded_at` (and the timestamps derived from it) aside.
normalized() { sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/TIME/g' "$1"; }
differing=0
compared=0
while IFS= read -r file; do
  compared=$((compared + 1))
  if [ ! -f "$work/merged/$file" ] ||
    ! cmp -s <(normalized "$work/whole/$file") <(normalized "$work/merged/$file"); then
    differing=$((differing + 1))
    [ "$differing" -le 3 ] && echo "        differs: $file"
  fi
done < <(cd "$work/whole" && find . -type f | sort)
if [ "$differing" -eq 0 ]; then
  echo "  merged reports: all $compared files the uninterrupted run's, byte for byte (graded_at aside)"
else
  fail "$differing of $compared merged report files differ from the uninterrupted run's"
fi
[ "$problems" -eq 0 ] || exit 1
