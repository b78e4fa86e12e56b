import Foundation

/// Where a learner stands on one lesson step of an exercise: how many of its tests pass, and
/// whether they have started it at all.
///
/// A step is *started* when the learner's code for it differs from the starter — some region of
/// the solution whose starter comments are labelled with the step (`// Step 3: …`) no longer
/// stands, word for word, in the learner's file. A step with no such region (nothing of its own
/// to write in the module) is started when some of its tests pass. (For a step with regions, a
/// passing test is no evidence: the earlier steps' code alone can pass some of a later step's
/// tests.) The grader generates the starter, so it can tell; a decoy or the solution has
/// started every step.
///
/// ```swift
/// let steps = StepProgress.steps(
///   titles: manifest.steps, tests: results, started: sources.startedSteps(in: files))
/// StepProgress.next(in: steps)  // the lowest step with a failing test
/// ```
public struct StepProgress: Codable, Sendable, Equatable {
  public var number: Int
  /// As the catalogue gives it: `Step 3: the message for an invalid value`.
  public var title: String
  /// The tests of this step (a test in "Steps 1 and 2" counts in both) that passed.
  public var passed: Int
  public var total: Int
  public var started: Bool

  /// Its keys in `results.json`, in order (``ResultsSchema``).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case number, title, passed, total, started
  }

  public init(number: Int, title: String, passed: Int, total: Int, started: Bool) {
    self.number = number
    self.title = title
    self.passed = passed
    self.total = total
    self.started = started
  }

  /// Whether every test of the step passed (a step without tests never has failures).
  public var passes: Bool { passed == total }

  /// One entry per step of `titles` (the catalogue's steps, in order): its tests among `tests`
  /// (by ``TestResult/steps``), and whether it is started (`started` holds the steps whose code
  /// differs from the starter; `coded`, the steps that have starter regions, nil when unknown:
  /// every step without one is started once some of its tests pass).
  public static func steps(
    titles: [String], tests: [TestResult], started: Set<Int>, coded: Set<Int>? = nil
  ) -> [StepProgress] {
    titles.indices.map { index in
      let number = index + 1
      let mine = tests.filter { $0.steps.contains(number) }
      let passed = mine.filter { $0.status == .passed }.count
      return StepProgress(
        number: number, title: titles[index], passed: passed, total: mine.count,
        started: started.contains(number)
          || (passed > 0 && coded.map { !$0.contains(number) } ?? true))
    }
  }

  /// The lowest step with a failing test; nil when every step's tests pass.
  public static func next(in steps: [StepProgress]) -> Int? {
    steps.first { !$0.passes }?.number
  }

  /// Where the learner stands, in one sentence: the steps that pass in a row from the first,
  /// then the next step by the lesson's title; nil for an exercise without steps.
  ///
  /// ```swift
  /// StepProgress.summary(steps)  // "Steps 1–3 pass; next: Step 4: an invalid value is reported."
  /// ```
  ///
  /// - Parameter otherFailures: How many tests outside every step fail (hidden edge cases):
  ///   when every step passes, the sentence says they remain.
  public static func summary(_ steps: [StepProgress], otherFailures: Int = 0) -> String? {
    guard !steps.isEmpty else { return nil }
    guard let next = steps.first(where: { !$0.passes }) else {
      return otherFailures == 0
        ? "The tests of every step pass."
        : "The tests of every step pass; \(otherFailures) other "
          + (otherFailures == 1 ? "test fails" : "tests fail") + " (below)."
    }
    let done = next.number - 1
    let passing =
      done == 0 ? "" : done == 1 ? "Step 1 passes; " : "Steps 1\u{2013}\(done) pass; "
    let title = next.title.hasSuffix(".") ? next.title : next.title + "."
    return passing + (passing.isEmpty ? "Next: " : "next: ") + title
  }
}

extension ExerciseSources {
  /// The steps whose code in `module` (a learner's module files) differs from the starter: a
  /// region labelled with the step is no longer in the learner's file of the same path as the
  /// starter has it, or the file is gone.
  public func startedSteps(in module: SourceTree) throws -> Set<Int> {
    startedSteps(in: module, regions: try starterRegionsByFile())
  }

  /// The steps some starter region is labelled with: those that have code of their own to
  /// write in the module.
  public func codedSteps() throws -> Set<Int> {
    Set(try starterRegionsByFile().values.flatMap { $0.flatMap(\.steps) })
  }

  /// Every Swift file of the solution module, by path, with its starter regions.
  func starterRegionsByFile() throws -> [String: [StarterRegions.StarterRegion]] {
    var regions: [String: [StarterRegions.StarterRegion]] = [:]
    for (path, data) in solution.subtree(manifest.module).files where path.hasSuffix(".swift") {
      regions[path] = try StarterRegions.starterRegions(
        fromSolution: String(decoding: data, as: UTF8.self),
        file: "Solutions/\(manifest.id)/Sources/\(manifest.module)/\(path)")
    }
    return regions
  }

  private func startedSteps(
    in module: SourceTree, regions: [String: [StarterRegions.StarterRegion]]
  ) -> Set<Int> {
    var started: Set<Int> = []
    for (path, regions) in regions {
      let learner = module.files[path].map { String(decoding: $0, as: UTF8.self) }
      for region in regions where !region.steps.isEmpty {
        let untouched = learner.map { Self.contains($0, block: region.text) } ?? false
        if !untouched { started.formUnion(region.steps) }
      }
    }
    return started
  }

  /// Whether `text` holds the lines of `block` one after another, each as written apart from
  /// its indentation and trailing spaces (a learner's editor may re-indent).
  static func contains(_ text: String, block: String) -> Bool {
    func lines(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let haystack = lines(text)
    let needle = lines(block)
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
