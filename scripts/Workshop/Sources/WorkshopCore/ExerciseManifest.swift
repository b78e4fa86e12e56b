import Foundation

/// An exercise's instructor-side manifest, `Tests/<id>/exercise.json`.
///
/// It names the exercise's module, what it teaches, every graded test with its points and hint,
/// the helper executables tests launch, the visible test files copied to the learner's package,
/// and the decoys the tests must reject. Workspace.md documents the schema.
public struct ExerciseManifest: Codable, Sendable, Equatable {
  /// A public page the exercise teaches: its title and where to read it.
  public struct Article: Codable, Sendable, Equatable {
    public var title: String
    public var url: String

    public init(title: String, url: String) {
      self.title = title
      self.url = url
    }
  }

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
  }

  public var id: String
  public var title: String
  public var module: String
  public var reimplements: [String]
  /// The public articles the lesson teaches, in reading order, each linked by URL.
  public var articles: [Article]
  /// The longest one graded test may run (all its arguments together), in seconds.
  public var timeLimitSeconds: Int
  /// The longest all of the exercise's test runs together may take, re-runs after a crash or a
  /// hang included. Defaults to `max(60, 4 × timeLimitSeconds)`.
  public var budgetSeconds: Int
  public var executables: [String]
  public var visibleTestFiles: [String]
  public var tests: [ManifestTest]
  public var hints: [String]
  public var decoys: [Decoy]

  enum CodingKeys: String, CodingKey {
    case id, title, module, reimplements, articles, timeLimitSeconds, budgetSeconds, executables
    case visibleTestFiles, tests, hints, decoys
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    module = try container.decode(String.self, forKey: .module)
    reimplements = try container.decode([String].self, forKey: .reimplements)
    articles = try container.decode([Article].self, forKey: .articles)
    timeLimitSeconds = try container.decode(Int.self, forKey: .timeLimitSeconds)
    budgetSeconds =
      try container.decodeIfPresent(Int.self, forKey: .budgetSeconds)
      ?? max(60, 4 * timeLimitSeconds)
    executables = try container.decodeIfPresent([String].self, forKey: .executables) ?? []
    visibleTestFiles = try container.decode([String].self, forKey: .visibleTestFiles)
    tests = try container.decode([ManifestTest].self, forKey: .tests)
    hints = try container.decode([String].self, forKey: .hints)
    decoys = try container.decode([Decoy].self, forKey: .decoys)
  }

  /// The name of the solution-test target: `<Module>Tests`.
  public var testModule: String { module + "Tests" }

  /// The most points the exercise can give.
  public var maximumPoints: Int { tests.reduce(0) { $0 + $1.points } }

  /// Reads and validates the manifest at `url`.
  public static func load(from url: URL) throws -> ExerciseManifest {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw WorkshopError("\(url.path): cannot read the manifest (\(error.localizedDescription)).")
    }
    let manifest: ExerciseManifest
    do {
      manifest = try JSONDecoder().decode(ExerciseManifest.self, from: data)
    } catch let error as DecodingError {
      throw WorkshopError("\(url.path): not a valid exercise manifest: \(describe(error)).")
    }
    let problems = manifest.problems(expectedID: url.deletingLastPathComponent().lastPathComponent)
    guard problems.isEmpty else {
      throw WorkshopError(
        "\(url.path): the manifest needs fixing:\n"
          + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
    return manifest
  }

  /// What is wrong with the manifest's values, in plain words; empty when it is fine.
  public func problems(expectedID: String) -> [String] {
    var problems: [String] = []
    if id != expectedID {
      problems.append("`id` is \"\(id)\" but the folder is \"\(expectedID)\"; they must match.")
    }
    if id.range(of: #"^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) == nil {
      problems.append("`id` \"\(id)\" must look like NN-kebab-name, e.g. 06-escaped-dependencies.")
    }
    if module.range(of: #"^[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) == nil {
      problems.append("`module` \"\(module)\" must be an UpperCamelCase Swift module name.")
    }
    if title.isEmpty { problems.append("`title` is empty.") }
    if articles.isEmpty {
      problems.append("`articles` is empty: link at least one public article the lesson teaches.")
    }
    for article in articles {
      if article.title.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append("an article linked as \"\(article.url)\" has an empty `title`.")
      }
      if !article.url.hasPrefix("https://") || article.url.contains(" ") {
        problems.append(
          "article \"\(article.title)\": `url` \"\(article.url)\" must be a public https:// address."
        )
      }
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
    if tests.isEmpty { problems.append("`tests` is empty: list every graded test.") }
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
    if hints.count != 3
      || hints.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    {
      problems.append("`hints` must hold exactly three non-empty hints, gentlest first.")
    }
    if decoys.count < 3 { problems.append("`decoys` must list at least three decoys.") }
    for decoy in decoys where decoy.misunderstanding.trimmingCharacters(in: .whitespaces).isEmpty {
      problems.append("decoy \"\(decoy.name)\" needs a one-line `misunderstanding`.")
    }
    for decoy in decoys
    where decoy.lessonStep.map({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) == true {
      problems.append(
        "decoy \"\(decoy.name)\" has an empty `lessonStep`: name the step to reread, or leave "
          + "the key out.")
    }
    if visibleTestFiles.isEmpty { problems.append("`visibleTestFiles` is empty.") }
    return problems
  }
}

private func describe(_ error: DecodingError) -> String {
  switch error {
  case .keyNotFound(let key, _): "the key `\(key.stringValue)` is missing"
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    "`\(context.codingPath.map(\.stringValue).joined(separator: "."))`: \(context.debugDescription)"
  case .dataCorrupted(let context): context.debugDescription
  @unknown default: "\(error)"
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
