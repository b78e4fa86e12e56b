import Foundation

/// Which lesson step each test is in: the one answer the grader (for its diagnoses) and the
/// learner tool (for the lowest failing step) share.
///
/// The lessons' tests are grouped by step, in suites whose display names name the step, or
/// below a `// MARK:` that does:
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
/// Two sources say so. An event stream (a test binary listing its tests) gives every suite's
/// display name by its path in test ids (``init(suiteDisplayNames:)``); the test source gives
/// the `@Suite("Step …")` names and the MARKs by suite type name (``init(sources:)``): a suite's
/// own name wins over the MARK above it, and a type declared below a step's MARK belongs to that
/// step until the next one. Either way ``LessonStep`` decides what names a step. The step
/// names come from files the learner has, so quoting them reveals nothing hidden.
///
/// ```swift
/// let steps = StepIndex(suiteDisplayNames: ["Lesson/Capture": "Steps 1 and 2: capture"])
/// steps.lessonStep(of: "Lesson/Capture/keeps()")?.numbers  // [1, 2]
/// ```
public struct StepIndex: Sendable, Equatable {
  /// Suite type name → the step it tests, as written (`Step 1: …`): what the source says.
  public var stepOfSuite: [String: String]
  /// Suite path in test ids (`Outer/Inner`) → the step it tests: what an event stream says.
  public var stepOfSuitePath: [String: String]

  public init(stepOfSuite: [String: String] = [:], stepOfSuitePath: [String: String] = [:]) {
    self.stepOfSuite = stepOfSuite
    self.stepOfSuitePath = stepOfSuitePath
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

  /// The steps the suites' display names give, keyed by the suites' paths in test ids
  /// (`Outer/Inner`), as an event stream declares them; names that are no step are left out.
  public init(suiteDisplayNames: [String: String]) {
    self.init(stepOfSuitePath: suiteDisplayNames.filter { LessonStep($0.value) != nil })
  }

  /// The step of test `id` (`Suite/function()`, or `Outer/Inner/function()` for a nested
  /// suite): that of the innermost enclosing suite with a step, known by its path or, failing
  /// that, by its type name.
  public func lessonStep(of id: String) -> LessonStep? {
    let suites = id.split(separator: "/").dropLast().map(String.init)
    for end in suites.indices.reversed() {
      let path = suites[...end].joined(separator: "/")
      for title in [stepOfSuitePath[path], stepOfSuite[suites[end]]].compactMap({ $0 }) {
        if let step = LessonStep(title) { return step }
      }
    }
    return nil
  }

  /// The step of test `id`, as written (`Step 1: …`); see ``lessonStep(of:)``.
  public func step(of id: String) -> String? {
    lessonStep(of: id)?.title
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
        if LessonStep(step) != nil { mark = step }
        continue
      }
      if line.hasPrefix("//") { continue }
      if line.hasPrefix("@Suite") { inSuiteAttribute = true }
      if inSuiteAttribute, pending == nil, let literal = firstStringLiteral(in: line),
        LessonStep(literal) != nil
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
