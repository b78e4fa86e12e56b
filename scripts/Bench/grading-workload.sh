#!/usr/bin/env bash
# The grading workload of `scripts/bench --grading`: times scripts/grade on a generated class,
# cold (an empty build folder) and warm (the same class again), with and without the sandbox,
# and prints seconds per (learner, exercise).
#
#   scripts/bench --grading                         20 learners, every exercise
#   scripts/bench --grading --learners 10 -e 01,05  a smaller class
#   scripts/bench --grading --partial --warm        a class part-way through: one learner per
#                                                   step count of every exercise (steps 1 to k
#                                                   done as the solution does them, every k; each
#                                                   file with a line of its learner's, so each is
#                                                   compiled)
#   scripts/bench --grading --passing --warm       every learner hands in the solution (each with a
#                                                   line of their own, so each is compiled)
#   scripts/bench --grading --warm -e 13           only the warm runs where every learner is
#                                                   compiled (the build folders are kept; the
#                                                   first run fills them and is not timed)
#
# The class is written to .build-bench/class: learner k's submission of each exercise is, in turn,
# the solution, the starter, or one of the exercise's decoys (as a learner would hand them in:
# module sources only, with the solution's `#if SOLUTION` side kept); where the learner writes
# tests, the reference suite, the starter suite or one of the weak suites. Timings are of the whole
# `scripts/grade` run; a shared machine's load moves them, so the load is printed with each.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/Bench/exercise-files.sh"
learners=20
exercises=""
warm_only=false
partial=false
passing=false
while [ $# -gt 0 ]; do
  case "$1" in
    --partial) partial=true; shift ;;
    --passing) passing=true; shift ;;
    --warm) warm_only=true; shift ;;
    --learners) learners=${2:?--learners needs a number}; shift 2 ;;
    -e | --exercise) exercises=${2:?-e needs exercise ids}; shift 2 ;;
    *) echo "bench: unknown grading option $1; see 'scripts/bench --help'" >&2; exit 2 ;;
  esac
done
[[ "$learners" =~ ^[1-9][0-9]*$ ]] || { echo "bench: --learners takes a number, not $learners" >&2; exit 2; }

work="$root/.build-bench"
class="$work/class"
mkdir -p "$work"

# The ids to grade, in learning order.
ids=()
for manifest in "$root"/Tests/*/exercise.json; do
  id=$(basename "$(dirname "$manifest")")
  if [ -n "$exercises" ]; then
    wanted=false
    for pick in ${exercises//,/ }; do [[ "$id" == "$pick" || "$id" == "$pick"-* ]] && wanted=true; done
    $wanted || continue
  fi
  ids+=("$id")
done
[ ${#ids[@]} -gt 0 ] || { echo "bench: no exercise matches '$exercises'" >&2; exit 2; }

decoys_of() { ls "$root/Tests/$1/Decoys" 2>/dev/null || true; }
weak_suites_of() { ls "$root/Tests/$1/WeakSuites" 2>/dev/null || true; }

if $partial; then
  # Written by the authoring tool, which knows the lesson steps of every starter region.
  "$root/scripts/exercises" diagnoses --messages --write-class --class-folder "$work/partial" \
    "${ids[@]}" >"$work/partial-class.log" 2>&1 || {
    echo "bench: writing the partial class failed; see $work/partial-class.log" >&2
    exit 1
  }
  class="$work/partial/class"
  jobs=$(find "$class" -mindepth 1 -maxdepth 1 -type d | wc -l)
  # Several learners hand in the same files (steps 1 to k done as the solution does them): a
  # line of each learner's own makes every learner's files differ, so each is compiled.
  for folder in "$class"/*/; do
    learner=$(basename "$folder")
    find "$folder" -name '*.swift' -exec sh -c \
      'for file; do echo "// Handed in by $0" >>"$file"; done' "$learner" {} +
  done
  echo "Grading workload: $jobs learners part-way through one exercise each (steps 1 to k done)"
else
rm -rf "$class"
  for ((k = 1; k <= learners; k++)); do
    learner=$(printf 'learner-%02d' "$k")
    for id in "${ids[@]}"; do
      module=$(module_of "$id")
      if [ "$(kind_of "$id")" = tests ]; then
        # The learner writes tests: in turn the reference suite, the starter suite, a weak suite.
        target="$class/$learner/Exercises/$id/Tests/${module}Tests"
        mkdir -p "$target"
        mapfile -t weak < <(weak_suites_of "$id")
        choice=$(((k - 1) % (2 + ${#weak[@]})))
        $passing && choice=0
        if [ "$choice" -eq 0 ]; then
          for file in "$root/Solutions/$id/Tests/${module}Tests"/*.swift; do
            solved "$file" >"$target/$(basename "$file")"
            $passing && echo "// Handed in by $learner" >>"$target/$(basename "$file")"
          done
        elif [ "$choice" -eq 1 ]; then
          cp -R "$root/Exercises/$id/Tests/${module}Tests/." "$target/"
        else
          cp -R "$root/Tests/$id/WeakSuites/${weak[$((choice - 2))]}/${module}Tests/." "$target/"
        fi
        continue
      fi
      target="$class/$learner/Exercises/$id/Sources/$module"
      mkdir -p "$target"
      mapfile -t decoys < <(decoys_of "$id")
      choice=$(((k - 1) % (2 + ${#decoys[@]})))
      $passing && choice=0
      if [ "$choice" -eq 1 ]; then
        cp -R "$root/Exercises/$id/Sources/$module/." "$target/"
        continue
      fi
      for file in "$root/Solutions/$id/Sources/$module"/*.swift; do
        solved "$file" >"$target/$(basename "$file")"
        # Each passing learner's files differ by this line, so each learner is compiled.
        $passing && echo "// Handed in by $learner" >>"$target/$(basename "$file")"
      done
      if [ "$choice" -ge 2 ]; then
        decoy="$root/Tests/$id/Decoys/${decoys[$((choice - 2))]}/$module"
        for file in "$decoy"/*.swift; do solved "$file" >"$target/$(basename "$file")"; done
      fi
    done
  done
  jobs=$((learners * ${#ids[@]}))
  echo "Grading workload: $learners learners x ${#ids[@]} exercises = $jobs (learner, exercise) pairs"
  if $passing; then
    echo "(every learner hands in the solution, with a line of their own in each file, so each is"
    echo "compiled); seconds per pair, whole scripts/grade runs."
  else
    echo "(solutions, starters and decoys in turn); seconds per pair, whole scripts/grade runs."
  fi
fi

# Builds the grader once, outside the timings.
"$root/scripts/grade" --help >/dev/null

now() { date +%s.%N; }

run() { # label, sandbox mode, build folder, log name[, jobs]
  local started elapsed load jobs_option=()
  [ -n "${5:-}" ] && jobs_option=(--jobs "$5")
  # Every run of the passing and the partial class gets lines it has never seen, so each
  # learner's module is compiled (not put back from a compile kept by an earlier run of the same
  # files: CompileSnapshots, the product cache).
  if $passing || $partial; then
    find "$class" -name '*.swift' -exec \
      sed -i "s|^\(// Handed in by [^,]*\).*|\1, for $4.|" {} +
  fi
  load=$(uptime | sed 's/.*load average: //')
  started=$(now)
  if ! "$root/scripts/grade" "$class" -e "$(IFS=,; echo "${ids[*]}")" --sandbox "$2" \
    --build-folder "$3" "${jobs_option[@]}" -q --no-color -f none >"$work/$4.log" 2>&1; then
    echo "bench: scripts/grade failed ($1); see $work/$4.log" >&2
    exit 1
  fi
  elapsed=$(awk -v a="$started" -v b="$(now)" 'BEGIN { print b - a }')
  awk -v label="$1" -v t="$elapsed" -v n="$jobs" -v load="$load" \
    'BEGIN { printf "%-34s %8.1f s   %6.2f s per pair   (load %s)\n", label, t, t / n, load }'
}

if $warm_only; then
  run "filling the build folder (not a figure)" auto "$work/grade-auto" warm-sandbox
else
  for mode in off auto; do rm -rf "$work/grade-$mode"; done
  run "cold, without the sandbox" off "$work/grade-off" cold-off
  run "cold, with the sandbox" auto "$work/grade-auto" cold-sandbox
  run "warm, without the sandbox" off "$work/grade-off" warm-off
  run "warm, with the sandbox" auto "$work/grade-auto" warm-sandbox
fi
# A machine where the sandbox cannot be set up says so here (and the two rows are the same).
grep -h '^note:' "$work/warm-sandbox.log" || true

# Warm but unseen: the library is built, and every learner is compiled again (the kept products
# and the compiles kept by their inputs, CompileSnapshots, of the runs above are forgotten;
# each exercise's mutants stay compiled), as when a new class is graded: three jobs for every two
# cores beside one per core, in the same minutes. (The designs before, without library
# evolution, with direct rebuilds one at a time and with every build SwiftPM's, were last
# measured beside today's on 2026-12-07: scripts/Bench/HISTORY.md.)
forget() { # build folder (default: grade-auto)
  local folder="$work/${1:-grade-auto}"
  rm -rf "$folder/scratch/product-cache" \
    "$folder/scratch/workshop-compile-snapshots" \
    "$folder/scratch-suites/workshop-compile-snapshots"
}
cores=$(nproc)
echo "Warm, every learner compiled (the library already built), with the sandbox:"
forget
run "  side by side, one job per core" auto "$work/grade-auto" unseen-direct-per-core "$cores"
forget
run "  side by side, 3 jobs per 2 cores" auto "$work/grade-auto" unseen-direct
