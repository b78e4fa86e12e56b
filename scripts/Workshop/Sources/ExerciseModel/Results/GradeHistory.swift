import Foundation

/// The grades of a workspace's own exercises, kept across grading runs: `scripts/grade` replaces
/// `.build-grade/reports/<learner>/results.json` on every run, so grading one exercise
/// (`scripts/grade -e 09`) would leave only that exercise's grade in the reports. After each
/// run the grader copies the `results.json` of this workspace (its root or its `Exercises/`
/// folder, never another learner's) into `.build-grade/history/`, unchanged, with its
/// `feedback.md` beside it (same name, `.md`), and drops the copies no exercise needs any more
/// (those that are no exercise's newest grade), so the folder holds at most one report per
/// exercise.
///
/// The learner tool reads it (``LastGrade``) to show each exercise's most recent grade.
///
/// ```swift
/// let history = GradeHistory(root: root)
/// try history.keep(reports: root.appendingPathComponent(".build-grade/reports"))
/// let newest = history.newestByExercise()  // ["09-test-clock": ResultsDocument, …]
/// ```
public struct GradeHistory: Sendable {
  /// The workspace whose grades are kept.
  public var root: URL
  /// `.build-grade/history/` unless given.
  public var folder: URL

  public init(root: URL, folder: URL? = nil) {
    self.root = root
    self.folder = folder ?? root.appendingPathComponent(".build-grade/history")
  }

  /// Whether a report's submission is this workspace (its root or its `Exercises/` folder).
  public func isOurs(_ results: ResultsDocument) -> Bool {
    isOurs(submission: results.submission)
  }

  /// Whether the submission folder `submission` (an absolute path) is this workspace.
  public func isOurs(submission: String) -> Bool {
    let ours = Set(
      [root, root.appendingPathComponent("Exercises")].map {
        $0.standardizedFileURL.resolvingSymlinksInPath().path
      })
    return ours.contains(
      URL(fileURLWithPath: submission).standardizedFileURL.resolvingSymlinksInPath().path)
  }

  /// This workspace's reports in a report folder (`<folder>/<learner>/results.json`).
  public func reports(in reports: URL) -> [ResultsDocument] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
    return names.sorted().compactMap { name in
      let file = reports.appendingPathComponent(name).appendingPathComponent("results.json")
      guard let data = try? Data(contentsOf: file), let results = try? ResultsDocument.decode(data),
        isOurs(results)
      else { return nil }
      return results
    }
  }

  /// The kept reports, oldest first.
  public func kept() -> [(file: URL, results: ResultsDocument)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      let file = folder.appendingPathComponent(name)
      guard let data = try? Data(contentsOf: file), let results = try? ResultsDocument.decode(data),
        isOurs(results)
      else { return nil }
      return (file, results)
    }.sorted { $0.results.gradedAt < $1.results.gradedAt }
  }

  /// Copies this workspace's `results.json` files from the report folder `reports` into the
  /// history, then removes the kept copies that are no exercise's newest grade.
  public func keep(reports: URL) throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
    for name in names.sorted() {
      let file = reports.appendingPathComponent(name).appendingPathComponent("results.json")
      guard let data = try? Data(contentsOf: file), let results = try? ResultsDocument.decode(data),
        isOurs(results)
      else { continue }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let stamp = results.gradedAt.filter { $0.isLetter || $0.isNumber }
      let kept = folder.appendingPathComponent("results-\(stamp)-\(name).json")
      try data.write(to: kept, options: .atomic)
      let feedback = reports.appendingPathComponent(name).appendingPathComponent("feedback.md")
      if let text = try? Data(contentsOf: feedback) {
        try text.write(to: Self.feedback(of: kept), options: .atomic)
      }
    }
    let needed = Set(newest().values.map(\.file))
    for (file, _) in kept() where !needed.contains(file) {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: Self.feedback(of: file))
    }
  }

  /// The kept `feedback.md` of the newest report that grades each exercise, by exercise id
  /// (none for a report kept before feedback was).
  public func newestFeedback() -> [String: URL] {
    newest().compactMapValues { newest in
      let file = Self.feedback(of: newest.file)
      return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
  }

  /// The feedback kept beside the results file `results`: the same name, ending in `.md`.
  static func feedback(of results: URL) -> URL {
    results.deletingPathExtension().appendingPathExtension("md")
  }

  /// For each exercise, the newest report that grades it: from the history, and from the
  /// report folder `reports` when given (a report written before the history existed).
  public func newestByExercise(reports: URL? = nil) -> [String: ResultsDocument] {
    var documents = kept().map(\.results)
    if let reports { documents += self.reports(in: reports) }
    var newest: [String: ResultsDocument] = [:]
    for results in documents.sorted(by: { $0.gradedAt < $1.gradedAt }) {
      for exercise in results.exercises { newest[exercise.id] = results }
    }
    return newest
  }

  private func newest() -> [String: (file: URL, gradedAt: String)] {
    var newest: [String: (file: URL, gradedAt: String)] = [:]
    for (file, results) in kept() {
      for exercise in results.exercises { newest[exercise.id] = (file, results.gradedAt) }
    }
    return newest
  }
}
