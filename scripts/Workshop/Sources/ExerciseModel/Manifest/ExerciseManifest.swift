import Foundation

/// An exercise as the tools see it: its place in the catalogue (`Exercises/catalogue.json`:
/// title, module, what it teaches) together with its grading data, `Tests/<id>/exercise.json`.
///
/// The grading data names every graded test with its points and hint, the hints the learner
/// tool gives, the helper executables tests launch, the visible test files copied to the
/// learner's package, and the decoys the tests must reject. Workspace.md documents the schema.
/// ``WorkspaceLayout/manifest(_:)`` reads both files.
///
/// ```swift
/// let manifest = try WorkspaceLayout(root: root).manifest("05-context-forcing")
/// print(manifest.title, manifest.maximumPoints)
/// ```
public struct ExerciseManifest: Sendable, Equatable {
  /// The version of `exercise.json`'s shape this tool reads.
  public static let format = 2

  /// A public page the exercise teaches: its title and where to read it.
  public typealias Article = Catalogue.Article

  /// A plausible wrong implementation kept under `Tests/<id>/Decoys/<name>/`.
  public struct Decoy: Codable, Sendable, Equatable {
    public var name: String
    /// The one misunderstanding the decoy models, in the learner's terms. A learner whose
    /// failures match the decoy's (see `Tests/<id>/signatures.json`) is shown this line.
    public var misunderstanding: String
    /// Optional: the lesson step a learner with this misunderstanding should reread, as the
    /// lesson names it (`"Step 4: an invalid value is reported, then ignored"`). Without it the
    /// grader names the step of the first visible test the decoy fails.
    public var lessonStep: String?

    public init(name: String, misunderstanding: String, lessonStep: String? = nil) {
      self.name = name
      self.misunderstanding = misunderstanding
      self.lessonStep = lessonStep
    }
  }

  /// A mutant of the solution that no test can kill because it changes nothing a learner could
  /// observe (see ``MutationReport``), with the reason in one line.
  public struct EquivalentMutant: Codable, Sendable, Equatable {
    /// The mutant's id, as `mutation.json` and `scripts/exercises mutants` print it.
    public var id: String
    public var reason: String

    public init(id: String, reason: String) {
      self.id = id
      self.reason = reason
    }
  }

  /// Code of the feature that learners' tests are not meant to reach (optional key
  /// `suiteUntested`): a whole file, or one declaration of it, with the reason. The mutation
  /// analysis of the feature (``MutationSubject/feature``) leaves it unchanged.
  ///
  /// ```json
  /// { "file": "NewsClient.swift", "declaration": "liveValue",
  ///   "reason": "calls a news service that does not exist; no test can reach it" }
  /// ```
  public struct UntestedCode: Codable, Sendable, Equatable {
    /// The file's path inside the module.
    public var file: String
    /// The name of a declaration in it (its first occurrence, through the end of the block
    /// after it); nil for the whole file.
    public var declaration: String?
    public var reason: String

    public init(file: String, declaration: String? = nil, reason: String) {
      self.file = file
      self.declaration = declaration
      self.reason = reason
    }
  }

  /// The exercise's entry in the catalogue.
  public var entry: Catalogue.Entry
  public var id: String
  /// The longest one graded test may run (all its arguments together), in seconds.
  public var timeLimitSeconds: Int
  /// The longest all of the exercise's test runs together may take, re-runs after a crash or a
  /// hang included. Defaults to `max(60, 4 × timeLimitSeconds)`.
  public var budgetSeconds: Int
  public var executables: [String]
  public var visibleTestFiles: [String]
  public var tests: [ManifestTest]
  /// The hints, gentlest first: for the whole exercise, or for one step.
  public var hints: [ManifestHint]
  public var decoys: [Decoy]
  /// The mutants of the solution recorded as equivalent (optional key `equivalentMutants`).
  public var equivalentMutants: [EquivalentMutant] = []
  /// The mutants of the feature a learner's tests run against that no test could catch (optional
  /// key `suiteEquivalentMutants`; ``MutationSubject/feature``).
  public var suiteEquivalentMutants: [EquivalentMutant] = []
  /// The feature's code that learners' tests are not meant to reach (optional key
  /// `suiteUntested`).
  public var suiteUntested: [UntestedCode] = []
  /// Mutants of the feature the reference suite kills that do not grade learners' suites, each
  /// with its reason (optional key `suiteUngradedMutants`): a mutant whose effect depends on how
  /// threads are scheduled (a timer that spins instead of waiting) lets a loose suite catch it
  /// in one grading and miss it in the next, and a grade must be the same every time.
  public var suiteUngradedMutants: [EquivalentMutant] = []
  /// For an exercise where the learner writes tests: the hand-written mutants of the feature
  /// their tests are graded by (optional key `mutants`).
  public var mutants: [ManifestMutant] = []
  /// For an exercise where the learner writes tests: the weak suites the checks grade (optional
  /// key `weakSuites`).
  public var weakSuites: [ManifestWeakSuite] = []

  /// What the learner hands in (from the catalogue).
  public var kind: Catalogue.Kind { entry.kind }
  /// Whether the learner writes tests (kind `tests` or `both`), graded by ``mutants``.
  public var gradesTests: Bool { kind != .sources }
  /// Whether the learner writes the module's sources (kind `sources` or `both`).
  public var gradesSources: Bool { kind != .tests }

  /// The title every tool and report shows (from the catalogue).
  public var title: String { entry.title }
  /// The learner's module (from the catalogue).
  public var module: String { entry.module }
  /// What the exercise rebuilds or practises (from the catalogue).
  public var reimplements: [String] { entry.reimplements }
  /// The public articles the lesson teaches, in reading order (from the catalogue).
  public var articles: [Article] { entry.articles }
  /// The lesson's steps, `Step 1: …` first (from the catalogue).
  public var steps: [String] { entry.steps }
  /// The hints' texts in their order, as the learner tool shows them.
  public var hintTexts: [String] { hints.map(\.text) }

  /// The grading data exactly as `exercise.json` holds it.
  private struct File: Decodable {
    var id: String
    var timeLimitSeconds: Int
    var budgetSeconds: Int?
    var executables: [String]?
    var visibleTestFiles: [String]
    var tests: [ManifestTest]
    var hints: [ManifestHint]
    var decoys: [Decoy]
    var equivalentMutants: [EquivalentMutant]?
    var suiteEquivalentMutants: [EquivalentMutant]?
    var suiteUntested: [UntestedCode]?
    var suiteUngradedMutants: [EquivalentMutant]?
    var mutants: [ManifestMutant]?
    var weakSuites: [ManifestWeakSuite]?
  }

  /// The keys that format 1 kept in the manifest and format 2 keeps in the catalogue.
  private struct MovedKeys: Decodable {
    var format: Int?
    var title: String?
    var module: String?
    var reimplements: [String]?
    var articles: [Article]?

    var names: [String] {
      [
        title.map { _ in "title" }, module.map { _ in "module" },
        reimplements.map { _ in "reimplements" }, articles.map { _ in "articles" },
      ].compactMap(\.self)
    }
  }

  public init(
    entry: Catalogue.Entry, timeLimitSeconds: Int, budgetSeconds: Int? = nil,
    executables: [String] = [], visibleTestFiles: [String], tests: [ManifestTest],
    hints: [ManifestHint], decoys: [Decoy]
  ) {
    self.entry = entry
    id = entry.id
    self.timeLimitSeconds = timeLimitSeconds
    self.budgetSeconds = budgetSeconds ?? max(60, 4 * timeLimitSeconds)
    self.executables = executables
    self.visibleTestFiles = visibleTestFiles
    self.tests = tests
    self.hints = hints
    self.decoys = decoys
  }

  /// The name of the solution-test target: `<Module>Tests`.
  public var testModule: String { module + "Tests" }

  /// The most points of its tests and hand mutants (where learners write tests, the generated
  /// mutants add their shares: ``FeatureMutants/shares(handMutants:)``).
  public var maximumPoints: Int {
    tests.reduce(0) { $0 + $1.points } + mutants.reduce(0) { $0 + $1.points }
  }

  /// Reads and validates the grading data at `url` (`Tests/<id>/exercise.json`) of the
  /// exercise the catalogue lists as `entry`. In a learner edition (`learnerEdition`) an
  /// exercise where the learner writes the feature and its tests lists no mutant: every one is
  /// the reference feature with a bug, so none is handed out.
  public static func load(
    from url: URL, entry: Catalogue.Entry, learnerEdition: Bool = false
  ) throws -> ExerciseManifest {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw WorkshopError("\(url.path): cannot read the manifest (\(error.localizedDescription)).")
    }
    let moved: MovedKeys
    do {
      moved = try JSONDecoder().decode(MovedKeys.self, from: data)
    } catch {
      throw WorkshopError("\(url.path): not a valid exercise manifest: \(describe(error)).")
    }
    guard let format = moved.format else {
      throw WorkshopError(
        "\(url.path): the manifest has no \"format\"; this tool reads format \(Self.format): put "
          + "\"format\": \(Self.format) at its top, and move `title`, `module`, `reimplements` "
          + "and `articles` (if it has them) to the exercise's entry in \(Catalogue.path).")
    }
    guard format == Self.format else {
      throw WorkshopError(
        "\(url.path): the manifest is format \(format), but this tool reads format "
          + "\(Self.format) only; write it in format \(Self.format) (Workspace.md, \"The "
          + "manifest\").")
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw WorkshopError("\(url.path): not a valid exercise manifest: \(describe(error)).")
    }
    var manifest = ExerciseManifest(
      entry: entry, timeLimitSeconds: file.timeLimitSeconds, budgetSeconds: file.budgetSeconds,
      executables: file.executables ?? [], visibleTestFiles: file.visibleTestFiles,
      tests: file.tests, hints: file.hints, decoys: file.decoys)
    manifest.id = file.id
    manifest.equivalentMutants = file.equivalentMutants ?? []
    manifest.suiteEquivalentMutants = file.suiteEquivalentMutants ?? []
    manifest.suiteUntested = file.suiteUntested ?? []
    manifest.suiteUngradedMutants = file.suiteUngradedMutants ?? []
    manifest.mutants = file.mutants ?? []
    manifest.weakSuites = file.weakSuites ?? []
    var problems = moved.names.map {
      "`\($0)` belongs in the exercise's entry in \(Catalogue.path) now; remove it here."
    }
    problems += manifest.problems(
      expectedID: url.deletingLastPathComponent().lastPathComponent,
      learnerEdition: learnerEdition)
    guard problems.isEmpty else {
      throw WorkshopError(
        "\(url.path): the manifest needs fixing:\n"
          + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
    return manifest
  }

  /// What is wrong with the manifest's values, in plain words; empty when it is fine.
  public func problems(expectedID: String, learnerEdition: Bool = false) -> [String] {
    var problems: [String] = []
    if id != expectedID {
      problems.append("`id` is \"\(id)\" but the folder is \"\(expectedID)\"; they must match.")
    }
    if id.range(of: #"^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) == nil {
      problems.append("`id` \"\(id)\" must look like NN-kebab-name, e.g. 06-escaped-dependencies.")
    }
    if timeLimitSeconds < 1 || timeLimitSeconds > 600 {
      problems.append(
        "`timeLimitSeconds` (the limit of one test) is \(timeLimitSeconds); use 1 to 600.")
    }
    if budgetSeconds < timeLimitSeconds || budgetSeconds > 3_600 {
      problems.append(
        "`budgetSeconds` is \(budgetSeconds); use from timeLimitSeconds (\(timeLimitSeconds)) "
          + "to 3600.")
    }
    if gradesSources, tests.isEmpty {
      problems.append("`tests` is empty: list every graded test.")
    }
    problems += mutantProblems(learnerEdition: learnerEdition)
    var seen = Set<String>()
    for test in tests {
      if !seen.insert(test.id).inserted { problems.append("test \"\(test.id)\" is listed twice.") }
      if test.points < 1 { problems.append("test \"\(test.id)\" must be worth at least 1 point.") }
      if test.hint.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append("test \"\(test.id)\" has an empty hint.")
      }
      if !test.id.contains("/") || !test.id.hasSuffix(")") {
        problems.append(
          "test \"\(test.id)\" must be written Suite/function(), as Swift Testing names it.")
      }
    }
    if hints.isEmpty {
      problems.append("`hints` is empty: give at least one hint for every step, gentlest first.")
    }
    for (index, hint) in hints.enumerated() {
      if hint.text.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append("hint \(index + 1) is empty.")
      }
      if let step = hint.step, step < 1 || step > steps.count {
        problems.append(
          "hint \(index + 1) names step \(step), but \(Catalogue.path) lists "
            + (steps.isEmpty ? "no steps" : "steps 1 to \(steps.count)") + " for \(id).")
      }
    }
    for decoy in decoys where decoy.misunderstanding.trimmingCharacters(in: .whitespaces).isEmpty {
      problems.append("decoy \"\(decoy.name)\" needs a one-line `misunderstanding`.")
    }
    for decoy in decoys
    where decoy.lessonStep.map({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) == true {
      problems.append(
        "decoy \"\(decoy.name)\" has an empty `lessonStep`: name the step to reread, or leave "
          + "the key out.")
    }
    if gradesSources, visibleTestFiles.isEmpty {
      problems.append("`visibleTestFiles` is empty.")
    }
    for untested in suiteUntested
    where untested.reason.trimmingCharacters(in: .whitespaces).isEmpty {
      problems.append(
        "`suiteUntested` entry for \(untested.file) needs a `reason`: why learners' tests are "
          + "not meant to reach that code.")
    }
    // Each analysis has its own list (the solution's, the feature's): one mutant of a file both
    // analyse may be recorded in each.
    var solutionIDs = Set<String>()
    var featureIDs = Set<String>()
    for (mutant, isFeature) in equivalentMutants.map({ ($0, false) })
      + (suiteEquivalentMutants + suiteUngradedMutants).map({ ($0, true) })
    {
      let inserted =
        isFeature ? featureIDs.insert(mutant.id).inserted : solutionIDs.insert(mutant.id).inserted
      if !inserted {
        problems.append("equivalent mutant \"\(mutant.id)\" is listed twice.")
      }
      let reason = mutant.reason.trimmingCharacters(in: .whitespaces)
      if reason.isEmpty || reason.contains("\n") {
        problems.append(
          "equivalent mutant \"\(mutant.id)\" needs a one-line `reason`: why no behaviour a "
            + "learner could observe changes.")
      }
    }
    return problems
  }
}

/// One graded test of a manifest: `Suite/function()` as Swift Testing names it, without module
/// or location, with its points and its hint. (A test's result is a ``TestResult``.)
public struct ManifestTest: Codable, Sendable, Equatable {
  public var id: String
  public var points: Int
  public var hint: String

  public init(id: String, points: Int, hint: String) {
    self.id = id
    self.points = points
    self.hint = hint
  }
}
