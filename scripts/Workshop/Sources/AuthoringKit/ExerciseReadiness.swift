import ExerciseModel
import Foundation

/// Whether an exercise has what a learner needs besides code, before `scripts/exercises check`
/// spends minutes on builds: a lesson that links the public documentation, at least three
/// decoys, and a hint for every step. A new exercise (`scripts/exercises new`) starts without
/// them, so the check refuses it, naming everything still missing.
///
/// The rules:
/// - the lesson `Exercises/<id>/README.md` exists, links public pages by `https://` URL (at
///   least one of them the swift-dependencies documentation), and holds no placeholder text
///   (`TODO`); nor do the exercise's catalogue entry, solution, tests and hints;
/// - a lesson that sends the learner to `scripts/grade` says what a learner edition does: it
///   reads the same lesson, and its grader has no hidden tests or mutants to count;
/// - the catalogue names at least one article and one step for the exercise;
/// - `Tests/<id>/Decoys/` holds at least three decoys;
/// - every step the catalogue lists has at least one hint naming it
///   (`{ "step": N, "text": "…" }` in the manifest's `hints`).
///
/// ```swift
/// if let refusal = try ExerciseReadiness(layout: layout).refusal("13-new-thing") {
///   print(refusal)  // 13-new-thing is not ready: …; 1 decoy (at least 3); no hint for step 2
/// }
/// ```
public struct ExerciseReadiness: Sendable {
  /// The fewest decoys an exercise may have.
  public static let minimumDecoys = 3
  /// The text that marks what an author has still to write.
  public static let placeholder = "TODO"

  public var layout: WorkspaceLayout

  public init(layout: WorkspaceLayout) {
    self.layout = layout
  }

  /// Why exercise `id` is not ready, in one line; `nil` when it is.
  public func refusal(_ id: String) throws -> String? {
    let problems = try problems(id)
    guard !problems.isEmpty else { return nil }
    return "\(id) is not ready: " + problems.joined(separator: "; ")
  }

  /// What exercise `id` still lacks, in the author's words; empty when it is ready.
  public func problems(_ id: String) throws -> [String] {
    let manifest = try layout.manifest(id)
    var problems = lessonProblems(id)
    var placeholders: [String] = []
    let entry = manifest.entry
    let entryText = [entry.title, entry.subject, entry.summary] + entry.reimplements + entry.steps
    if entryText.contains(where: { $0.contains(Self.placeholder) }) {
      placeholders.append("the catalogue entry")
    }
    let sources = [
      layout.solution(id), layout.instructor(id).appendingPathComponent(entry.module + "Tests"),
    ]
    if sources.contains(where: { hasPlaceholder(below: $0) }) {
      placeholders.append("the solution or its tests")
    }
    let hintText = manifest.hintTexts + manifest.tests.map(\.hint)
    if hintText.contains(where: { $0.contains(Self.placeholder) }) {
      placeholders.append("the manifest's hints")
    }
    if !placeholders.isEmpty {
      problems.append(
        "placeholder text (\(Self.placeholder)) left in "
          + placeholders.dropLast().joined(separator: ", ")
          + (placeholders.count > 1 ? " and " : "") + placeholders.last!)
    }
    if entry.articles.isEmpty {
      problems.append("the catalogue lists no article for it (`articles`)")
    }
    let decoys = ExerciseTables(layout: layout).decoyCount(id)
    if manifest.gradesTests {
      if manifest.mutants.count < AuthorChecks.minimumMutants {
        problems.append(
          "\(manifest.mutants.count) mutants (at least \(AuthorChecks.minimumMutants))")
      }
      if manifest.weakSuites.count < AuthorChecks.minimumWeakSuites {
        problems.append(
          "\(manifest.weakSuites.count) weak suites (at least "
            + "\(AuthorChecks.minimumWeakSuites))")
      }
    }
    if manifest.gradesSources, decoys < Self.minimumDecoys {
      let count = decoys == 0 ? "no decoys" : decoys == 1 ? "1 decoy" : "\(decoys) decoys"
      problems.append("\(count) (at least \(Self.minimumDecoys))")
    }
    if entry.steps.isEmpty {
      problems.append("the catalogue lists no steps for it (`steps`)")
    }
    // Every step has a ladder: a nudge about the idea first, the near-answer last.
    let steps = 1...max(1, entry.steps.count)
    let counts = steps.map { step in manifest.hints.filter { $0.step == step }.count }
    let unhinted = steps.filter { counts[$0 - 1] == 0 }
    let oneHint = steps.filter { counts[$0 - 1] == 1 }
    if !entry.steps.isEmpty, !unhinted.isEmpty {
      problems.append(
        "no hint for " + (unhinted.count == 1 ? "step " : "steps ")
          + unhinted.map(String.init).joined(separator: ", "))
    }
    if !entry.steps.isEmpty, !oneHint.isEmpty {
      problems.append(
        "one hint only for " + (oneHint.count == 1 ? "step " : "steps ")
          + oneHint.map(String.init).joined(separator: ", ")
          + " (a step's hints are a ladder: a nudge about the idea first, the near-answer last)")
    }
    return problems
  }

  /// What the lesson lacks: the file itself, public links, a link to the swift-dependencies
  /// documentation, placeholders replaced, and where it names `scripts/grade`, words for a
  /// learner edition.
  func lessonProblems(_ id: String) -> [String] {
    let url = layout.exercise(id).appendingPathComponent("README.md")
    guard let data = try? Data(contentsOf: url) else {
      return ["no lesson (Exercises/\(id)/README.md)"]
    }
    let text = String(decoding: data, as: UTF8.self)
    let links = Self.links(in: text)
    var problems: [String] = []
    if links.isEmpty {
      problems.append("the lesson links no public page (an https:// URL)")
    } else if !links.contains(where: Self.isDocumentation) {
      problems.append("the lesson has no link to the public documentation")
    }
    if text.contains(Self.placeholder) {
      problems.append("the lesson still has placeholder text (\(Self.placeholder))")
    }
    // Words, whatever line breaks the lesson's wrapping put between them.
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if words.contains("scripts/grade"), !words.contains("learner edition") {
      problems.append(
        "the lesson names scripts/grade but not what happens in a learner edition, which reads "
          + "the same lesson and holds no hidden tests or mutants: say who grades there")
    }
    return problems
  }

  /// Whether a file below `folder` holds the placeholder (the starter is generated from the
  /// solution, so a placeholder there reaches learners).
  func hasPlaceholder(below folder: URL) -> Bool {
    let files = (try? SourceTree.read(folder))?.files.values ?? [:].values
    return files.contains { String(decoding: $0, as: UTF8.self).contains(Self.placeholder) }
  }

  /// The `https://` URLs in `text`.
  static func links(in text: String) -> [String] {
    let pattern = #"https://[^\s)>\]"'`]+"#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: range).compactMap {
      Range($0.range, in: text).map { String(text[$0]) }
    }
  }

  /// Whether `url` is a page of swift-dependencies' public documentation (on the Swift Package
  /// Index or Point-Free's own site).
  static func isDocumentation(_ url: String) -> Bool {
    url.contains("swift-dependencies") && url.contains("/documentation/")
  }
}
