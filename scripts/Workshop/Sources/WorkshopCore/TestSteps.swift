import Foundation

/// Which lesson step each visible test suite belongs to, read from the visible test files.
///
/// The lessons' visible tests are grouped by step, in one of two ways, both understood here:
///
/// ```swift
/// @Suite("Step 1: a valid SWIFT_DEPENDENCIES_CONTEXT forces the context")
/// struct ForcedContextTests { … }
///
/// // MARK: - Step 3: a trait on a suite reaches every test case inside it
/// @Suite(.serialized, .freshDependencies { … })
/// struct SuiteTraitTests { … }
/// ```
///
/// A suite's own `@Suite("Step …")` name wins over the `// MARK: - Step …` above it; a type
/// declared below a step's MARK belongs to that step until the next one. The step
/// names come from files the learner has, so quoting them reveals nothing hidden.
public struct TestSteps: Sendable, Equatable {
  /// Suite type name → the step it tests, as written (`Step 1: …`).
  public var stepOfSuite: [String: String]

  public init(stepOfSuite: [String: String]) {
    self.stepOfSuite = stepOfSuite
  }

  /// Reads the steps of the exercise's visible test files.
  public init(sources: ExerciseSources) {
    var steps: [String: String] = [:]
    for name in sources.manifest.visibleTestFiles {
      guard let data = sources.solutionTests.files[name] else { continue }
      steps.merge(Self.steps(in: String(decoding: data, as: UTF8.self))) { first, _ in first }
    }
    self.init(stepOfSuite: steps)
  }

  /// The step of test `id` (`Suite/function()`, or `Outer/Inner/function()` for a nested
  /// suite): the innermost suite with a step.
  public func step(of id: String) -> String? {
    let suites = id.split(separator: "/").dropLast().reversed()
    return suites.lazy.compactMap { stepOfSuite[String($0)] }.first
  }

  /// The step of the first test of `ids` (in their order) that has one.
  public func firstStep(of ids: [String]) -> String? {
    ids.lazy.compactMap(step(of:)).first
  }

  /// Suite type name → step, from the text of one test file.
  static func steps(in text: String) -> [String: String] {
    var steps: [String: String] = [:]
    var mark: String?
    var pending: String?
    var inSuiteAttribute = false
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("// MARK:") {
        let title = line.dropFirst("// MARK:".count).trimmingCharacters(in: .whitespaces)
        let step =
          title.hasPrefix("-") ? title.dropFirst().trimmingCharacters(in: .whitespaces) : title
        if isStep(step) { mark = step }
        continue
      }
      if line.hasPrefix("//") { continue }
      if line.hasPrefix("@Suite") { inSuiteAttribute = true }
      if inSuiteAttribute, pending == nil, let literal = firstStringLiteral(in: line),
        isStep(literal)
      {
        pending = literal
      }
      if let name = declaredType(in: line) {
        if let step = pending ?? mark {
          steps[name] = steps[name] ?? step
        }
        pending = nil
        inSuiteAttribute = false
      }
    }
    return steps
  }

  private static func isStep(_ text: String) -> Bool {
    text.range(of: #"^Steps? [0-9]"#, options: .regularExpression) != nil
  }

  /// The content of the first `"…"` on the line (escaped quotes kept as written).
  private static func firstStringLiteral(in line: String) -> String? {
    guard let open = line.firstIndex(of: "\"") else { return nil }
    var index = line.index(after: open)
    var escaped = false
    while index < line.endIndex {
      let character = line[index]
      if character == "\"" && !escaped { return String(line[line.index(after: open)..<index]) }
      escaped = character == "\\" && !escaped
      index = line.index(after: index)
    }
    return nil
  }

  /// The name a `struct`, `class`, `enum`, `actor` or `extension` on this line declares.
  private static func declaredType(in line: String) -> String? {
    let pattern = #"(?:^|\s)(?:struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#
    guard let match = line.range(of: pattern, options: .regularExpression) else { return nil }
    let declaration = line[match]
    return declaration.split(whereSeparator: \.isWhitespace).last.map(String.init)
  }
}
