import Foundation

/// The lesson's own words for each step, read from the exercise's `README.md`.
///
/// Lessons list their steps as a numbered Markdown list. The list under a `## Steps` heading
/// wins; a lesson without that heading (its steps sit under "What to build", say) gives the
/// last numbered list before its `## Running the tests` section. Code blocks are skipped.
///
/// ```swift
/// let steps = LessonParagraphs.parse(readme)
/// print(steps.text(of: 2) ?? "")  // "**Detection** (`resolveContext`). Without the variable: …"
/// ```
public struct LessonParagraphs: Sendable, Equatable {
  /// Each step's text, by step number, as the lesson writes it (continuation lines dedented).
  public var steps: [Int: String]

  public init(steps: [Int: String] = [:]) {
    self.steps = steps
  }

  /// How many steps the lesson lists (its highest number).
  public var count: Int { steps.keys.max() ?? 0 }

  /// The lesson's text for step `number`.
  public func text(of number: Int) -> String? { steps[number] }

  /// Reads the lesson at `url`; no steps when it cannot be read.
  public static func read(_ url: URL) -> LessonParagraphs {
    guard let data = try? Data(contentsOf: url) else { return LessonParagraphs() }
    return parse(String(decoding: data, as: UTF8.self))
  }

  /// Reads the steps of a lesson's Markdown text.
  public static func parse(_ markdown: String) -> LessonParagraphs {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let lists = numberedLists(in: lines)
    let stepsHeading = lines.firstIndex {
      $0.trimmingCharacters(in: .whitespaces).lowercased() == "## steps"
    }
    let running = lines.firstIndex { $0.lowercased().hasPrefix("## running the tests") }
    let chosen: NumberedList?
    if let stepsHeading {
      let end = lines[(stepsHeading + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
      chosen = lists.first { $0.start > stepsHeading && $0.start < end }
    } else {
      chosen = lists.last { $0.start < (running ?? lines.count) }
    }
    return LessonParagraphs(steps: chosen?.items ?? [:])
  }

  /// A numbered list of the lesson: where it starts and its items by number.
  struct NumberedList {
    var start: Int
    var items: [Int: String]
  }

  /// Every top-level numbered list that starts at 1, outside code blocks.
  static func numberedLists(in lines: [String]) -> [NumberedList] {
    var lists: [NumberedList] = []
    var current: NumberedList?
    var item: (number: Int, lines: [String])?
    var inCode = false
    var blankRun = 0

    func closeItem() {
      guard let finished = item else { return }
      var text = finished.lines
      while text.last?.isEmpty == true { text.removeLast() }
      current?.items[finished.number] = text.joined(separator: "\n")
      item = nil
    }
    func closeList() {
      closeItem()
      if let list = current, !list.items.isEmpty { lists.append(list) }
      current = nil
    }

    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inCode.toggle()
        if item != nil, line.hasPrefix(" ") {
          item?.lines.append(dedent(line))
        } else {
          closeList()
        }
        continue
      }
      if inCode {
        if item != nil, line.hasPrefix(" ") { item?.lines.append(dedent(line)) }
        continue
      }
      if let match = line.range(of: #"^[0-9]+\. "#, options: .regularExpression),
        let number = Int(line[match].dropLast(2))
      {
        if number == 1 {
          closeList()
          current = NumberedList(start: index, items: [:])
        } else if current == nil {
          continue
        }
        closeItem()
        item = (number, [String(line[match.upperBound...])])
        blankRun = 0
        continue
      }
      if trimmed.isEmpty {
        blankRun += 1
        if item != nil { item?.lines.append("") }
        continue
      }
      if item != nil, line.hasPrefix(" ") {
        item?.lines.append(dedent(line))
      } else if item != nil, blankRun == 0 {
        // A lazy continuation line (Markdown allows them without indentation).
        item?.lines.append(trimmed)
      } else {
        closeList()
      }
      blankRun = 0
    }
    closeList()
    return lists
  }

  /// The line without the indentation a list item's continuation has (up to three spaces).
  private static func dedent(_ line: String) -> String {
    var result = line[...]
    var removed = 0
    while removed < 3, result.first == " " {
      result = result.dropFirst()
      removed += 1
    }
    return String(result)
  }
}
