import ExerciseEngine
import ExerciseModel
import Foundation
import GraderKit
import Synchronization

/// A class made of one learner per decoy and one per partial solution, graded end to end: the
/// proof that diagnoses and messages work on the real exercises (`scripts/exercises diagnoses`,
/// a step of `scripts/test`).
///
/// Each learner hands in one exercise: the solution with one decoy's files in place of its own,
/// written as a learner would have it (the starter regions resolved, no `SOLUTION` defined).
/// Optionally a `correct`, a `starter` and a `compile-error` learner hand in every exercise.
/// The class is graded like any other, its reports are written, and the check reads them back:
/// every decoy's learner must be told that decoy's misunderstanding in `feedback.md` and
/// `results.json`, `report.html` must count one learner per decoy, and nobody else, in no other
/// exercise, may get a diagnosis. A decoy's learner who is told nothing is a problem, whatever
/// the reason: a decoy that crashes or hangs is diagnosed by the exact match of its crashes and
/// time-outs, and one that fails every test (like the starter) is a decoy to rewrite. The
/// problem names the decoy, what its learner got and, when it can, why.
///
/// The partial learners (`<id>.done-<k>-of-<n>`) have done steps 1 to k of one exercise exactly
/// as the solution does, for every k from 0 (the starter) to n − 1
/// (``ExerciseSources/partialModule(doneSteps:)``). Each must be told no misunderstanding at all
/// (their code has none), get as `next_step` the first step whose tests their code cannot pass
/// (``MessageRules/expectedNextStep(stepCount:)``), in
/// `results.json` and in `feedback.md`'s progress line, and every failing test's words must
/// keep ``MessageRules`` (checked on the outcomes as the runner saw them). The partial learners
/// are then graded a second time (their builds are kept, so only their tests run again): their
/// `feedback.md` and `results.json` must come out byte for byte the same, `graded_at` aside,
/// so a message that quotes a clock time, a random number or a duration is found.
public struct DecoyClass: Sendable {
  /// One learner of the class.
  public struct Learner: Sendable, Equatable {
    public var name: String
    /// The exercise and decoy the learner models, or nil for the other learners.
    public var decoy: (exercise: String, name: String)?
    /// For a partial learner, the exercise and how many of its steps are done.
    public var partial: (exercise: String, doneSteps: Int)? = nil

    public static func == (lhs: Learner, rhs: Learner) -> Bool {
      lhs.name == rhs.name && lhs.decoy?.exercise == rhs.decoy?.exercise
        && lhs.decoy?.name == rhs.decoy?.name && lhs.partial?.exercise == rhs.partial?.exercise
        && lhs.partial?.doneSteps == rhs.partial?.doneSteps
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
  /// - Parameter decoys: write the decoys' learners (false: only the partial learners, and the
  ///   baselines if asked for).
  public func write(exerciseIDs: [String], baselines: Bool, decoys: Bool = true) throws
    -> [Learner]
  {
    let manager = FileManager.default
    try? manager.removeItem(at: classFolder)
    try manager.createDirectory(at: classFolder, withIntermediateDirectories: true)
    var learners: [Learner] = []
    func hand(_ learner: String, _ id: String, _ module: String, _ files: SourceTree) throws {
      try files.write(
        to: classFolder.appendingPathComponent("\(learner)/Exercises/\(id)/Sources/\(module)"))
      // Where the learner writes tests too, each hands in the reference suite, so every
      // mutant is caught and the sources alone decide where the learner stands.
      let sources = try ExerciseSources(id: id, layout: layout)
      if sources.manifest.gradesTests {
        try sources.solvedReferenceSuite().write(
          to: classFolder.appendingPathComponent(
            "\(learner)/Exercises/\(id)/Tests/\(sources.manifest.testModule)"))
      }
    }
    for id in exerciseIDs {
      let sources = try ExerciseSources(id: id, layout: layout)
      let module = sources.manifest.module
      for decoy in sources.manifest.decoys where decoys {
        let name = "\(id).\(decoy.name)"
        try hand(name, id, module, try sources.decoyModule(decoy.name))
        learners.append(Learner(name: name, decoy: (id, decoy.name)))
      }
      let steps = sources.manifest.steps.count
      for done in 0..<steps {
        let name = "\(id).done-\(done)-of-\(steps)"
        try hand(name, id, module, try sources.partialModule(doneSteps: done))
        learners.append(Learner(name: name, decoy: nil, partial: (id, done)))
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
    /// How many learners were graded.
    public var learners: Int
    /// How many learners model a decoy.
    public var decoyLearners: Int
    /// How many of those were told their decoy's misunderstanding, in the graded reports.
    public var diagnosed: Int
    /// How many learners have done some steps of one exercise (``MessageRules``).
    public var partialLearners: Int
    /// How many failing tests of the partial learners were held to ``MessageRules``.
    public var messagesChecked: Int
    /// What the partial learners' reports and messages get wrong.
    public var messageProblems: [String]
  }

  /// Writes the class, grades it with `grader`, writes its Markdown, JSON and HTML reports, and
  /// reads them back.
  public func run(
    exerciseIDs: [String], baselines: Bool, decoys: Bool = true, grader: Grader,
    progress: @escaping @Sendable (Grader.Progress) -> Void = { _ in }
  ) throws -> Outcome {
    let learners = try write(exerciseIDs: exerciseIDs, baselines: baselines, decoys: decoys)
    let submissions = try Submission.find(at: classFolder, exerciseIDs: exerciseIDs)
    var warnings: [String] = []
    let seen = Mutex<[String: [String: TestRunner.Outcome]]>([:])
    let reports = try grader.grade(
      submissions, exerciseIDs: exerciseIDs, progress: progress,
      warning: { warnings.append($0) },
      outcomes: { learner, id, outcomes in
        seen.withLock { $0["\(learner)/\(id)"] = outcomes }
      })
    try? FileManager.default.removeItem(at: reportsFolder)
    var command = GradeCommand(root: layout.root)
    command.formats = [.markdown, .json, .html]
    _ = try command.writeReports(reports, exerciseIDs: exerciseIDs, to: reportsFolder)
    let problems = try problems(learners: learners, exerciseIDs: exerciseIDs)
    let decoyLearners = learners.filter { $0.decoy != nil }
    let diagnosed = decoyLearners.filter { learner in
      let exercise = reports.first { $0.learner == learner.name }?.exercises
        .first { $0.id == learner.decoy?.exercise }
      return exercise?.diagnosis?.decoy == learner.decoy?.name
    }
    let partialLearners = learners.filter { $0.partial != nil }
    var (checked, messageProblems) = try partialProblems(
      partialLearners, outcomes: seen.withLock { $0 })
    let names = Set(partialLearners.map(\.name))
    let again = try grader.grade(
      submissions.filter { names.contains($0.learner) }, exerciseIDs: exerciseIDs)
    messageProblems += try Self.differences(
      reports.filter { names.contains($0.learner) }, again)
    return Outcome(
      problems: warnings + problems, learners: reports.count,
      decoyLearners: decoyLearners.count, diagnosed: diagnosed.count,
      partialLearners: partialLearners.count, messagesChecked: checked,
      messageProblems: messageProblems)
  }

  /// Where two gradings of the same learners read differently: for each learner, the first line
  /// of `feedback.md` or `results.json` that differs (`graded_at` aside).
  static func differences(_ first: [GradeReport], _ second: [GradeReport]) throws -> [String] {
    var problems: [String] = []
    for var report in first {
      guard var other = second.first(where: { $0.learner == report.learner }) else {
        problems.append("\(report.learner) was not graded the second time")
        continue
      }
      report.gradedAt = Date(timeIntervalSince1970: 0)
      other.gradedAt = report.gradedAt
      let pairs = [
        ("feedback.md", MarkdownFeedback.render(report), MarkdownFeedback.render(other)),
        ("results.json", try JSONResults.render(report), try JSONResults.render(other)),
      ]
      for (file, one, two) in pairs where one != two {
        let lines = (one.split(separator: "\n"), two.split(separator: "\n"))
        let index =
          zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(lines.0.count, lines.1.count)
        func line(_ all: [Substring]) -> String {
          index < all.count ? String(all[index].prefix(200)) : "(the end)"
        }
        problems.append(
          "\(report.learner): graded twice, \(file) differs at line \(index + 1): "
            + "\"\(line(lines.0))\", then \"\(line(lines.1))\"")
      }
    }
    return problems
  }
}
