#!/usr/bin/env bash
# Prints the package graph of a folder of SwiftPM packages as an SVG picture, read from each
# package's Package.swift: one box per package, with its products under its name, and an arrow
# from a package to each package it depends on (`.package(path: "../Name")`). The picture is
# layered: a package stands above every package it depends on, and the packages that depend on
# nothing stand at the bottom.
#
#   scripts/Docs/package-graph.sh PACKAGES-FOLDER > package-graph.svg
#
# bash and a POSIX awk only (mawk, gawk or the BSD awk of macOS), so it runs wherever the
# workspace does; the same Package.swift files always give the same bytes. `scripts/docs graph`
# writes Packages/package-graph.svg with it, and scripts/test checks that file against the
# Package.swift files.
set -euo pipefail
export LC_ALL=C

folder=${1:?usage: scripts/Docs/package-graph.sh PACKAGES-FOLDER}
manifests=("$folder"/*/Package.swift)
[ -f "${manifests[0]}" ] || { echo "package-graph: no */Package.swift in $folder" >&2; exit 1; }

awk '
function fail(message) { print "package-graph: " message | "cat 1>&2"; failed = 1; exit 1 }
function max(a, b) { return a > b ? a : b }
function min(a, b) { return a < b ? a : b }
function round(x) { return x < 0 ? -int(-x + 0.5) : int(x + 0.5) }
# The last string literal of a piece of Swift: `name: "Clocks"` gives Clocks.
function quoted(text) { sub(/"[^"]*$/, "", text); sub(/.*"/, "", text); return text }
function xml(text) {
  gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text)
  return text
}

# Reading: one line of text per Package.swift, comments left out.
FNR == 1 {
  n++
  path[n] = FILENAME
  name[n] = FILENAME
  sub(/\/Package\.swift$/, "", name[n])
  sub(/.*\//, "", name[n])
  folder_index[name[n]] = n
  source[n] = ""
}
/^[ \t]*\/\// { next }
{ line = $0; sub(/[ \t]+\/\/.*$/, "", line); source[n] = source[n] " " line }

# The package name, its products and the packages it depends on.
function parse(i,   text, piece, target) {
  text = source[i]
  if (match(text, /Package\([ \t]*name:[ \t]*"[^"]*"/)) title[i] = quoted(substr(text, RSTART, RLENGTH))
  else title[i] = name[i]
  products[i] = 0
  while (match(text, /\.(library|executable|plugin)\([ \t]*name:[ \t]*"[^"]*"/)) {
    piece = substr(text, RSTART, RLENGTH)
    text = substr(text, RSTART + RLENGTH)
    product[i, ++products[i]] = quoted(piece)
    if (piece ~ /^\.executable/) product[i, products[i]] = product[i, products[i]] " (executable)"
    if (piece ~ /^\.plugin/) product[i, products[i]] = product[i, products[i]] " (plugin)"
  }
  text = source[i]
  while (match(text, /\.package\([^)]*path:[ \t]*"[^"]*"/)) {
    piece = substr(text, RSTART, RLENGTH)
    text = substr(text, RSTART + RLENGTH)
    target = quoted(piece)
    sub(/\/+$/, "", target)
    sub(/.*\//, "", target)
    if (!(target in folder_index))
      fail(path[i] " depends on \"" quoted(piece) "\", which is not a package of this folder")
    if ((i, folder_index[target]) in edge_seen) continue
    edge_seen[i, folder_index[target]] = 1
    edges++
    edge_from[edges] = i
    edge_to[edges] = folder_index[target]
  }
}

# Layers: a package with no dependencies is in layer 0, any other one layer above the highest
# package it depends on. An edge that skips layers passes through a point in each layer between
# (a "dummy" vertex), so that no arrow is drawn across a box.
function layer_all(   pass, changed, e, v, r, k, d, previous) {
  for (v = 1; v <= n; v++) rank[v] = 0
  for (pass = 0; pass <= n; pass++) {
    changed = 0
    for (e = 1; e <= edges; e++)
      if (rank[edge_from[e]] < rank[edge_to[e]] + 1) { rank[edge_from[e]] = rank[edge_to[e]] + 1; changed = 1 }
    if (!changed) break
  }
  if (changed) fail("the packages depend on each other in a cycle")
  top = 0
  for (v = 1; v <= n; v++) top = max(top, rank[v])
  vertices = n
  for (e = 1; e <= edges; e++) {
    chain[e] = 1
    link[e, 1] = edge_from[e]
    for (r = rank[edge_from[e]] - 1; r > rank[edge_to[e]]; r--) {
      d = ++vertices
      rank[d] = r
      dummy[d] = 1
      link[e, ++chain[e]] = d
    }
    link[e, ++chain[e]] = edge_to[e]
    for (k = 1; k < chain[e]; k++) {
      segments++
      upper[segments] = link[e, k]
      lower[segments] = link[e, k + 1]
    }
  }
  for (r = 0; r <= top; r++) members[r] = 0
  for (v = 1; v <= vertices; v++) { r = rank[v]; member[r, ++members[r]] = v; position[v] = members[r] }
}

# The order inside each layer: barycentre sweeps (each vertex goes to the mean position of its
# neighbours in the layer just swept), keeping the order with the fewest crossings.
function neighbour_mean(v, side,   s, sum, count) {
  sum = 0; count = 0
  for (s = 1; s <= segments; s++) {
    if (side == "up" && lower[s] == v) { sum += position[upper[s]]; count++ }
    if (side == "down" && upper[s] == v) { sum += position[lower[s]]; count++ }
  }
  return count ? sum / count : position[v]
}
function sort_layer(r, side,   k, j, v, w, key) {
  for (k = 1; k <= members[r]; k++) key[member[r, k]] = neighbour_mean(member[r, k], side)
  for (k = 2; k <= members[r]; k++) {
    v = member[r, k]
    for (j = k - 1; j >= 1; j--) {
      w = member[r, j]
      if (key[w] < key[v] || (key[w] == key[v] && position[w] < position[v])) break
      member[r, j + 1] = w
    }
    member[r, j + 1] = v
  }
  for (k = 1; k <= members[r]; k++) position[member[r, k]] = k
}
function crossings(   s, t, count) {
  count = 0
  for (s = 1; s <= segments; s++)
    for (t = s + 1; t <= segments; t++)
      if (rank[upper[s]] == rank[upper[t]] \
        && (position[upper[s]] - position[upper[t]]) * (position[lower[s]] - position[lower[t]]) < 0)
        count++
  return count
}
function keep_order(   v) { for (v = 1; v <= vertices; v++) best[v] = position[v] }
function order_all(   sweep, r, v, k, fewest, now) {
  keep_order()
  fewest = crossings()
  for (sweep = 1; sweep <= 8 && fewest > 0; sweep++) {
    if (sweep % 2) { for (r = top - 1; r >= 0; r--) sort_layer(r, "up") }
    else { for (r = 1; r <= top; r++) sort_layer(r, "down") }
    now = crossings()
    if (now < fewest) { fewest = now; keep_order() }
  }
  for (v = 1; v <= vertices; v++) position[v] = best[v]
  for (v = 1; v <= vertices; v++) member[rank[v], position[v]] = v
}

# Sizes, in pixels: a box fits its name (bold) and its products (monospace), by a generous
# estimate of the fonts widths; a dummy vertex is a narrow lane for its arrow.
function measure(   v, k) {
  for (v = 1; v <= vertices; v++) {
    if (dummy[v]) { width[v] = 14; height[v] = 0; continue }
    width[v] = max(150, 9.5 * length(title[v]) + 32)
    for (k = 1; k <= products[v]; k++) width[v] = max(width[v], 8 * length(product[v, k]) + 32)
    width[v] = 2 * round(width[v] / 2)
    height[v] = 40 + 20 * products[v] + 8
  }
}
function gap(v, w) { return (width[v] + width[w]) / 2 + (dummy[v] || dummy[w] ? 22 : 44) }

# Horizontal places: each layer packed, then pulled towards the mean of its neighbours, a layer
# at a time, keeping its order and its gaps (the mean of the packing from the left and the packing
# from the right keeps both).
function place_layer(r, side,   k, v, s, sum, count, wanted, left, right) {
  for (k = 1; k <= members[r]; k++) {
    v = member[r, k]
    sum = 0; count = 0
    for (s = 1; s <= segments; s++) {
      if ((side == "up" || side == "both") && lower[s] == v) { sum += x[upper[s]]; count++ }
      if ((side == "down" || side == "both") && upper[s] == v) { sum += x[lower[s]]; count++ }
    }
    wanted[k] = count ? sum / count : x[v]
  }
  left[1] = wanted[1]
  for (k = 2; k <= members[r]; k++)
    left[k] = max(wanted[k], left[k - 1] + gap(member[r, k - 1], member[r, k]))
  right[members[r]] = wanted[members[r]]
  for (k = members[r] - 1; k >= 1; k--)
    right[k] = min(wanted[k], right[k + 1] - gap(member[r, k], member[r, k + 1]))
  for (k = 1; k <= members[r]; k++) x[member[r, k]] = (left[k] + right[k]) / 2
}
function place_all(   r, k, v, round_, lowest) {
  for (r = 0; r <= top; r++) {
    x[member[r, 1]] = 0
    for (k = 2; k <= members[r]; k++)
      x[member[r, k]] = x[member[r, k - 1]] + gap(member[r, k - 1], member[r, k])
  }
  for (round_ = 1; round_ <= 12; round_++) {
    for (r = top - 1; r >= 0; r--) place_layer(r, "up")
    for (r = 1; r <= top; r++) place_layer(r, "down")
  }
  for (r = 0; r <= top; r++) place_layer(r, "both")
  lowest = 0
  for (v = 1; v <= vertices; v++) if (v == 1 || x[v] - width[v] / 2 < lowest) lowest = x[v] - width[v] / 2
  for (v = 1; v <= vertices; v++) x[v] = round(x[v] - lowest + margin)
  picture_width = 0
  for (v = 1; v <= vertices; v++) picture_width = max(picture_width, x[v] + width[v] / 2 + margin)
  # Rows, from the top layer down; a box stands at the top of its row.
  y = margin
  for (r = top; r >= 0; r--) {
    row_top[r] = y
    row_height[r] = 0
    for (k = 1; k <= members[r]; k++) row_height[r] = max(row_height[r], height[member[r, k]])
    y += row_height[r] + 72
  }
}

# Where an arrow leaves its box (the bottom edge) or enters one (the top edge): the arrows of a
# box are spread along the edge in the order of the boxes at their other ends.
function ports(   v, side, s, t, k, count, list, spacing) {
  for (v = 1; v <= vertices; v++) {
    for (side = 0; side < 2; side++) {
      count = 0
      for (s = 1; s <= segments; s++) if ((side == 0 ? upper[s] : lower[s]) == v) list[++count] = s
      for (k = 2; k <= count; k++) {
        s = list[k]
        for (t = k - 1; t >= 1 && x[side == 0 ? lower[list[t]] : upper[list[t]]] > x[side == 0 ? lower[s] : upper[s]]; t--)
          list[t + 1] = list[t]
        list[t + 1] = s
      }
      spacing = count > 1 ? min(26, (width[v] - 40) / (count - 1)) : 0
      for (k = 1; k <= count; k++) port[list[k], side] = round(x[v] + (k - (count + 1) / 2) * spacing)
    }
  }
}

function draw_box(v,   left, top_, k, text) {
  left = x[v] - width[v] / 2
  top_ = row_top[rank[v]]
  printf "  <g class=\"package\">\n"
  printf "    <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\"/>\n", left, top_, width[v], height[v]
  printf "    <path class=\"rule\" d=\"M%d %dH%d\"/>\n", left, top_ + 36, left + width[v]
  printf "    <text class=\"name\" x=\"%d\" y=\"%d\">%s</text>\n", x[v], top_ + 24, xml(title[v])
  for (k = 1; k <= products[v]; k++)
    printf "    <text class=\"product\" x=\"%d\" y=\"%d\">%s</text>\n", x[v], top_ + 38 + 20 * k, xml(product[v, k])
  printf "  </g>\n"
}
function draw_edge(e,   k, s, v, path_, from_x, from_y, to_x, to_y, middle) {
  path_ = ""
  for (k = 1; k < chain[e]; k++) {
    v = link[e, k]
    from_x = dummy[v] ? x[v] : port[first_segment[e] + k - 1, 0]
    from_y = dummy[v] ? row_top[rank[v]] + row_height[rank[v]] : row_top[rank[v]] + height[v]
    v = link[e, k + 1]
    to_x = dummy[v] ? x[v] : port[first_segment[e] + k - 1, 1]
    to_y = row_top[rank[v]]
    if (k == 1) path_ = sprintf("M%d %d", from_x, from_y)
    else path_ = path_ sprintf("V%d", from_y)
    middle = round((from_y + to_y) / 2)
    path_ = path_ sprintf("C%d %d %d %d %d %d", from_x, middle, to_x, middle, to_x, to_y)
  }
  printf "  <path class=\"edge\" d=\"%s\" marker-end=\"url(#arrow)\"/>\n", path_
}

END {
  if (failed) exit 1
  margin = 24
  for (i = 1; i <= n; i++) parse(i)
  layer_all()
  s = 1
  for (e = 1; e <= edges; e++) { first_segment[e] = s; s += chain[e] - 1 }
  order_all()
  measure()
  place_all()
  ports()

  legend[1] = "An arrow points from a package to a package it depends on"
  legend[2] = "(.package(path:) in its Package.swift); each box lists the package\047s products."
  for (k = 1; k <= 2; k++) picture_width = max(picture_width, round(6.8 * length(legend[k])) + 2 * margin)
  picture_height = y - 72 + 24 + 2 * 18 + margin
  # Centre the graph when the legend is wider.
  shift = 0
  for (v = 1; v <= vertices; v++) widest = max(widest, x[v] + width[v] / 2 + margin)
  shift = round((picture_width - widest) / 2)
  for (v = 1; v <= vertices; v++) x[v] += shift
  for (s = 1; s <= segments; s++) { port[s, 0] += shift; port[s, 1] += shift }

  description = ""
  for (i = 1; i <= n; i++) {
    words = ""
    count = 0
    for (e = 1; e <= edges; e++) if (edge_from[e] == i) count++
    seen = 0
    for (e = 1; e <= edges; e++) {
      if (edge_from[e] != i) continue
      seen++
      words = words (seen == 1 ? "" : seen == count ? " and " : ", ") title[edge_to[e]]
    }
    description = description (i > 1 ? "; " : "") title[i] " depends on " (count ? words : "no other package")
  }
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"title description\">\n", picture_width, picture_height, picture_width, picture_height
  printf "  <!-- Generated from Packages/*/Package.swift by scripts/docs graph (scripts/Docs/package-graph.sh); do not edit. -->\n"
  printf "  <title id=\"title\">The package graph of Packages/</title>\n"
  printf "  <desc id=\"description\">%s.</desc>\n", xml(description)
  printf "  <style>\n"
  printf "    .background { fill: #ffffff; }\n"
  printf "    .package rect { fill: #f4f6f9; stroke: #4b5563; stroke-width: 1.5; }\n"
  printf "    .package .rule { stroke: #4b5563; stroke-width: 1; }\n"
  printf "    text { fill: #1f2937; text-anchor: middle; }\n"
  printf "    .name { font: bold 15px -apple-system, \"Segoe UI\", Helvetica, Arial, sans-serif; }\n"
  printf "    .product { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, \"DejaVu Sans Mono\", monospace; }\n"
  printf "    .legend { font: 12px -apple-system, \"Segoe UI\", Helvetica, Arial, sans-serif; fill: #4b5563; }\n"
  printf "    .edge { fill: none; stroke: #2563eb; stroke-width: 1.5; }\n"
  printf "    #arrow path { fill: #2563eb; }\n"
  printf "    @media (prefers-color-scheme: dark) {\n"
  printf "      .background { fill: #1c1c1e; }\n"
  printf "      .package rect { fill: #2c2c2e; stroke: #9ca3af; }\n"
  printf "      .package .rule { stroke: #9ca3af; }\n"
  printf "      text { fill: #f3f4f6; }\n"
  printf "      .legend { fill: #9ca3af; }\n"
  printf "      .edge { stroke: #60a5fa; }\n"
  printf "      #arrow path { fill: #60a5fa; }\n"
  printf "    }\n"
  printf "  </style>\n"
  printf "  <defs>\n"
  printf "    <marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\n"
  printf "      <path d=\"M0 0L10 5L0 10z\"/>\n"
  printf "    </marker>\n"
  printf "  </defs>\n"
  printf "  <rect class=\"background\" width=\"%d\" height=\"%d\" rx=\"12\"/>\n", picture_width, picture_height
  for (r = top; r >= 0; r--)
    for (k = 1; k <= members[r]; k++) if (!dummy[member[r, k]]) draw_box(member[r, k])
  for (e = 1; e <= edges; e++) draw_edge(e)
  for (k = 1; k <= 2; k++)
    printf "  <text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>\n", picture_width / 2, picture_height - margin - 18 * (2 - k), xml(legend[k])
  printf "</svg>\n"
}
' "${manifests[@]}"
