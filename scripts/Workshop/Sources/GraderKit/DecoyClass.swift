import Foundation
import WorkshopKit

/// A class made of one learner per decoy, graded end to end: the proof that diagnoses work on
/// the real exercises (`scripts/exercises diagnoses`, a step of `scripts/test`).
///
/// Each learner hands in one exercise: the solution with one decoy's files in place of its own,
/// written as a learner would have it (the starter regions resolved, no `SOLUTION` defined).
/// Optionally a `correct`, a `starter` and a `compile-error` learner hand in every exercise.
/// The class is graded like any other, its reports are written, and the check reads them back:
/// every decoy's learner must be told that decoy's misunderstanding in `feedback.md` and
/// `results.json`, `report.html` must count one learner per decoy, and nobody else, in no other
/// exercise, may get a diagnosis. A decoy that fails every test behaves like the starter, so by
/// the rule its learner gets no diagnosis either; that is reported as a note, not a problem.
public struct DecoyClass: Sendable {
  /// One learner of the class.
  public struct Learner: Sendable, Equatable {
    public var name: String
    /// The exercise and decoy the learner models, or nil for the other learners.
    public var decoy: (exercise: String, name: String)?

    public static func == (lhs: Learner, rhs: Learner) -> Bool {
      lhs.name == rhs.name && lhs.decoy?.exercise == rhs.decoy?.exercise
        && lhs.decoy?.name == rhs.decoy?.name
    }
  }

  public var layout: WorkspaceLayout
  /// Where the class, its reports and the grader's work go.
  public var folder: URL

  public init(layout: WorkspaceLayout, folder: URL? = nil) {
    self.layout = layout
    self.folder =
      folder ?? layout.root.appendingPathComponent(".build-workshop/decoy-class")
  }

  public var classFolder: URL { folder.appendingPathComponent("class") }
  public var reportsFolder: URL { folder.appendingPathComponent("reports") }

  /// Writes the class folder for `exerciseIDs`, replacing any earlier one, and returns its
  /// learners in name order.
  ///
  /// - Parameter baselines: also write a `correct`, a `starter` and a `compile-error` learner,
  ///   each handing in every exercise.
  public func write(exerciseIDs: [String], baselines: Bool) throws -> [Learner] {
    let manager = FileManager.default
    try? manager.removeItem(at: classFolder)
    try manager.createDirectory(at: classFolder, withIntermediateDirectories: true)
    var learners: [Learner] = []
    func hand(_ learner: String, _ id: String, _ module: String, _ files: SourceTree) throws {
      try files.write(
        to: classFolder.appendingPathComponent("\(learner)/Exercises/\(id)/Sources/\(module)"))
    }
    for id in exerciseIDs {
      let sources = try ExerciseSources(id: id, layout: layout)
      let module = sources.manifest.module
      for decoy in sources.manifest.decoys {
        let name = "\(id).\(decoy.name)"
        try hand(name, id, module, try sources.decoyModule(decoy.name))
        learners.append(Learner(name: name, decoy: (id, decoy.name)))
      }
      if baselines {
        try hand("correct", id, module, try sources.solutionSideModule())
        try hand("starter", id, module, try sources.starterModule())
        var broken = try sources.solutionSideModule()
        broken.files["CompileError.swift"] = Data(
          "let compileError: Int = \"not a number\"\n".utf8)
        try hand("compile-error", id, module, broken)
      }
    }
    if baselines {
      learners += ["compile-error", "correct", "starter"].map { Learner(name: $0, decoy: nil) }
    }
    return learners.sorted { $0.name < $1.name }
  }

  /// What a run found.
  public struct Outcome: Sendable {
    /// What the reports get wrong; empty when every diagnosis is right.
    public var problems: [String]
    /// Things to know that are not problems (decoys no learner can be diagnosed with).
    public var notes: [String]
    /// How many learners were graded.
    public var learners: Int
  }

  /// Writes the class, grades it with `grader`, writes its Markdown, JSON and HTML reports, and
  /// reads them back.
  public func run(
    exerciseIDs: [String], baselines: Bool, grader: Grader,
    progress: @escaping @Sendable (Grader.Progress) -> Void = { _ in }
  ) throws -> Outcome {
    let learners = try write(exerciseIDs: exerciseIDs, baselines: baselines)
    let submissions = try Submission.find(at: classFolder, exerciseIDs: exerciseIDs)
    var warnings: [String] = []
    let reports = try grader.grade(
      submissions, exerciseIDs: exerciseIDs, progress: progress,
      warning: { warnings.append($0) })
    try? FileManager.default.removeItem(at: reportsFolder)
    var command = GradeCommand(root: layout.root)
    command.formats = [.markdown, .json, .html]
    _ = try command.writeReports(reports, exerciseIDs: exerciseIDs, to: reportsFolder)
    var notes: [String] = []
    var undiagnosable = Set<String>()
    for id in exerciseIDs {
      let count = try layout.manifest(id).tests.count
      for name in try DecoySignatures.load(for: id, in: layout)?.failingEveryTest(testCount: count)
        ?? []
      {
        undiagnosable.insert("\(id).\(name)")
        notes.append(
          "\(id): decoy \(name) fails every test, like the starter, so its learner is rightly "
            + "given no diagnosis")
      }
    }
    // A decoy whose code crashes or hangs is never diagnosed either (DiagnosisRule): a crash
    // also fails the tests that were running beside it, so its failing set says little.
    for learner in learners {
      guard let decoy = learner.decoy,
        let exercise = reports.first(where: { $0.learner == learner.name })?.exercises
          .first(where: { $0.id == decoy.exercise }),
        !DiagnosisRule.isDiagnosable(exercise), !undiagnosable.contains(learner.name)
      else { continue }
      undiagnosable.insert(learner.name)
      notes.append(
        "\(decoy.exercise): decoy \(decoy.name) crashes or hangs in some tests, so its learner is "
          + "rightly given no diagnosis")
    }
    let problems = try problems(
      learners: learners, exerciseIDs: exerciseIDs, undiagnosable: undiagnosable)
    return Outcome(problems: warnings + problems, notes: notes, learners: reports.count)
  }

  /// What the written reports get wrong about `learners`. The learners named in `undiagnosable`
  /// (decoys failing every test) must get no diagnosis.
  func problems(learners: [Learner], exerciseIDs: [String], undiagnosable: Set<String>) throws
    -> [String]
  {
    var problems: [String] = []
    let manifests = try Dictionary(
      uniqueKeysWithValues: exerciseIDs.map { ($0, try layout.manifest($0)) })
    for learner in learners {
      let folder = reportsFolder.appendingPathComponent(slug(learner.name))
      let json = try? JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("results.json")))
      let feedback =
        (try? String(
          contentsOf: folder.appendingPathComponent("feedback.md"), encoding: .utf8)) ?? ""
      guard let results = json as? [String: Any],
        let exercises = results["exercises"] as? [[String: Any]]
      else {
        problems.append("\(learner.name): results.json is missing or unreadable")
        continue
      }
      for exercise in exercises {
        let id = exercise["id"] as? String ?? "?"
        let diagnosis = exercise["diagnosis"] as? [String: Any]
        let named = diagnosis?["decoy"] as? String
        guard let decoy = learner.decoy, decoy.exercise == id,
          !undiagnosable.contains(learner.name)
        else {
          if let named {
            problems.append(
              "\(learner.name): \(id) was diagnosed with \"\(named)\", but this learner models "
                + "no misunderstanding of \(id)")
          }
          continue
        }
        guard named == decoy.name else {
          let failing = ((exercise["tests"] as? [[String: Any]]) ?? [])
            .filter { $0["status"] as? String != "pass" }.compactMap { $0["name"] as? String }
          problems.append(
            "\(learner.name): \(id) should be diagnosed with \"\(decoy.name)\" but got "
              + (named.map { "\"\($0)\"" } ?? "none")
              + "; its failing tests: \(failing.joined(separator: ", ")); compare them with "
              + "Tests/\(id)/\(DecoySignatures.fileName)")
          continue
        }
        let misunderstanding =
          manifests[id]?.decoys.first { $0.name == decoy.name }?.misunderstanding ?? ""
        let shown = MarkdownText.paragraph(misunderstanding)
        if !feedback.contains("**Likely misunderstanding.**") || !feedback.contains(shown) {
          problems.append(
            "\(learner.name): feedback.md does not name the misunderstanding of \(decoy.name)")
        }
      }
    }
    let html =
      (try? String(contentsOf: reportsFolder.appendingPathComponent("report.html"), encoding: .utf8))
      ?? ""
    if html.isEmpty { problems.append("report.html is missing") }
    for id in exerciseIDs {
      let decoys = learners.filter { !undiagnosable.contains($0.name) }.compactMap { $0.decoy }
        .filter { $0.exercise == id }
      guard !decoys.isEmpty, !html.isEmpty else { continue }
      let section = HTMLReport.anchor(id)
      guard let start = html.range(of: "id=\"\(section)\"") else {
        problems.append("report.html has no section for \(id)")
        continue
      }
      let rest = html[start.upperBound...]
      let text = rest.range(of: "</section>").map { String(rest[..<$0.lowerBound]) } ?? ""
      for decoy in decoys
      where !text.contains("data-decoy=\(HTMLText.attribute(decoy.name)) data-learners=\"1\"") {
        problems.append("report.html does not count one learner for \(id)'s \(decoy.name)")
      }
    }
    return problems
  }
}
