/// The charts of `report.html`, drawn by the grader as inline SVG: no script, no external file,
/// readable in any browser and printable. Every number is an integer, so the same data always
/// gives the same text. Each chart carries a `<title>` and an `aria-label` saying in words what
/// it shows; the report also gives the same numbers in tables.
enum SVGChart {
  /// One bar of a column chart.
  struct Column {
    var label: String
    var value: Int
    var color: String
  }

  /// A column chart: one column per value, heights relative to the largest, the value above
  /// each column and its label below.
  static func columns(_ columns: [Column], title: String) -> String {
    let columnWidth = 64
    let gap = 12
    let plotHeight = 120
    let top = 20
    let width = max(1, columns.count) * (columnWidth + gap) + gap
    let height = top + plotHeight + 36
    let largest = max(1, columns.map(\.value).max() ?? 0)
    var parts = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"\(width)\" "
        + "height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label="
        + HTMLText.attribute(title) + ">",
      "<title>" + HTMLText.text(title) + "</title>",
      "<line x1=\"\(gap / 2)\" y1=\"\(top + plotHeight)\" x2=\"\(width - gap / 2)\" "
        + "y2=\"\(top + plotHeight)\" stroke=\"#888888\" stroke-width=\"1\"/>",
    ]
    for (index, column) in columns.enumerated() {
      let x = gap + index * (columnWidth + gap)
      let barHeight = column.value == 0 ? 0 : max(2, column.value * plotHeight / largest)
      let y = top + plotHeight - barHeight
      let center = x + columnWidth / 2
      parts.append(
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(columnWidth)\" height=\"\(barHeight)\" fill=\""
          + column.color + "\"><title>" + HTMLText.text("\(column.label): \(column.value)")
          + "</title></rect>")
      parts.append(
        "<text x=\"\(center)\" y=\"\(y - 5)\" text-anchor=\"middle\" font-size=\"13\" "
          + "fill=\"#222222\">\(column.value)</text>")
      parts.append(
        "<text x=\"\(center)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"middle\" "
          + "font-size=\"11\" fill=\"#444444\">" + HTMLText.text(column.label) + "</text>")
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// One bar of a funnel.
  struct Bar {
    var label: String
    var value: Int
  }

  /// A funnel: one horizontal bar per stage, top to bottom, centred, each as wide as its share
  /// of `whole`, with its label on the left and its value on the right.
  static func funnel(_ bars: [Bar], of whole: Int, title: String) -> String {
    let labelWidth = 70
    let plotWidth = 240
    let valueWidth = 70
    let barHeight = 22
    let gap = 6
    let width = labelWidth + plotWidth + valueWidth
    let height = max(1, bars.count) * (barHeight + gap) + gap
    var parts = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart funnel\" width=\"\(width)\" "
        + "height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label="
        + HTMLText.attribute(title) + ">",
      "<title>" + HTMLText.text(title) + "</title>",
    ]
    for (index, bar) in bars.enumerated() {
      let y = gap + index * (barHeight + gap)
      let barWidth = whole <= 0 ? 0 : min(plotWidth, max(0, bar.value) * plotWidth / whole)
      let x = labelWidth + (plotWidth - barWidth) / 2
      let middle = y + barHeight / 2 + 4
      parts.append(
        "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(plotWidth)\" height=\"\(barHeight)\" "
          + "fill=\"#eeeeee\"/>")
      parts.append(
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\" fill=\""
          + rateColor(bar.value, of: whole) + "\"><title>"
          + HTMLText.text("\(bar.label): \(bar.value) of \(whole)") + "</title></rect>")
      parts.append(
        "<text x=\"\(labelWidth - 6)\" y=\"\(middle)\" text-anchor=\"end\" font-size=\"12\" "
          + "fill=\"#444444\">" + HTMLText.text(bar.label) + "</text>")
      parts.append(
        "<text x=\"\(labelWidth + plotWidth + 6)\" y=\"\(middle)\" font-size=\"12\" "
          + "fill=\"#222222\">\(bar.value) of \(whole)</text>")
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// A small horizontal bar filled to `part` of `whole`, for a table cell.
  static func meter(_ part: Int, of whole: Int, color: String, title: String) -> String {
    let width = 160
    let height = 14
    let filled = whole <= 0 ? 0 : min(width, max(0, part) * width / whole)
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"meter\" width=\"\(width)\" "
      + "height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label="
      + HTMLText.attribute(title) + "><title>" + HTMLText.text(title) + "</title>"
      + "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#e6e6e6\"/>"
      + "<rect x=\"0\" y=\"0\" width=\"\(filled)\" height=\"\(height)\" fill=\"\(color)\"/>"
      + "</svg>"
  }

  /// The color of a pass rate: red below half, amber below four fifths, green above.
  static func rateColor(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "#9e9e9e" }
    if part * 2 < whole { return "#c62828" }
    if part * 5 < whole * 4 { return "#ef8f00" }
    return "#2e7d32"
  }
}
