# Sourced by the benchmark workloads: reading an exercise the way a learner would hand it in.
# Needs `root`, the workspace.

# Keeps the `#if SOLUTION` side of a solution file (those lines stand alone; other #ifs nest).
solved() {
  awk '
    /^[ \t]*#if SOLUTION[ \t]*$/ && !inside { inside = 1; depth = 0; keep = 1; next }
    inside && /^[ \t]*#if/ { depth++ }
    inside && /^[ \t]*#else[ \t]*$/ && depth == 0 { keep = 0; next }
    inside && /^[ \t]*#endif/ { if (depth == 0) { inside = 0; next } else depth-- }
    !inside || keep { print }
  ' "$1"
}

# Field $2 ("module", "kind"…) of exercise $1 in the catalogue: the first such line after its
# "id" line.
catalogue_field() {
  awk -v id="$1" -v field="$2" '
    $0 ~ "\"id\": *\"" id "\"" { found = 1 }
    found && $0 ~ "\"" field "\":" { sub(".*\"" field "\": *\"", ""); sub(/".*/, ""); print; exit }
  ' "$root/Exercises/catalogue.json"
}

# The module of exercise $1.
module_of() { catalogue_field "$1" module; }
# What the learner hands in for exercise $1: sources, tests or both (its catalogue "kind").
kind_of() { catalogue_field "$1" kind; }
