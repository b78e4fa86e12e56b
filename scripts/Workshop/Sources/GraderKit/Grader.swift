import ExerciseEngine
import ExerciseModel
import Foundation

/// Grades submissions against this workspace's solution tests.
///
/// For each (submission, exercise) the grader's ``Engine`` assembles a package from the
/// learner's module files plus the instructor's `Package.swift`, helper executables and
/// solution tests (nothing else from the submission), builds it and runs the tests in the
/// sandbox; where the learner writes tests, it grades them by the mutants they catch. Jobs run
/// `jobs` at a time, longest first (``JobOrder``); the engine lets builds of different
/// exercises go side by side and keeps the tests of one job running while the next one builds.
public final class Grader: Sendable {
  public let layout: WorkspaceLayout
  /// The grader's own folder (`.build-grade/`): packages, the build folder, run logs.
  public let work: URL
  /// How many jobs may run their tests at once.
  public let jobs: Int
  /// The sandbox every test process runs in; nil runs them unsandboxed.
  public let sandbox: Sandbox?
  /// Notes every report of this grader carries (``GradeReport/gradingNotes``).
  public let notes: [String]
  /// Builds and runs everything this grader grades, in `work`.
  let engine: Engine

  /// How many jobs a grader runs at once unless told otherwise: three for every two cores.
  ///
  /// A job spends much of its time waiting, not computing: on its build's turn, on its sandbox
  /// being set up, on its test process (and the bounded waits of failing tests), so one job per
  /// core leaves the cores idle for part of the time; at two per core, a test of a learner
  /// part-way once ran past its time limit, so more is not the default
  /// (`scripts/Bench/HISTORY.md` has the figures).
  public static var defaultJobs: Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount * 3 / 2)
  }
  /// Each suite graded so far, so that learners who hand in the same files share one grading.
  let suiteOutcomes = SuiteOutcomes()

  /// - Parameter sandbox: the sandbox for the learners' test processes (see
  ///   ``Sandbox/choose(_:scratch:searchPath:)``); the grader's own folders and the workspace
  ///   are hidden in it, whatever it already hides.
  /// - Parameter notes: notes for every report, such as why there is no sandbox. In a learner
  ///   edition every report also says that it counts the visible tests only
  ///   (``learnerEditionNote``).
  public init(
    layout: WorkspaceLayout, work: URL, jobs: Int, sandbox: Sandbox? = nil, notes: [String] = []
  ) {
    self.layout = layout
    self.notes = notes + (layout.isLearnerEdition ? [Self.learnerEditionNote] : [])
    self.work = work.standardizedFileURL
    self.jobs = max(1, jobs)
    self.sandbox = sandbox.map { sandbox in
      var sandbox = sandbox
      sandbox.hiddenPaths += [layout.root.path, work.standardizedFileURL.path]
      return sandbox
    }
    engine = Engine(layout: layout, work: work, sandbox: self.sandbox)
  }

  /// One graded exercise, as it finishes.
  public struct Progress: Sendable {
    public var learner: String
    public var exercise: GradedExercise
    public var seconds: Double
  }

  /// Grades every submission on `exerciseIDs`. Reports come back in the submissions' order,
  /// exercises in learning order, once every test process has ended. Each graded exercise
  /// whose failures match a decoy's carries a ``Diagnosis``; `warning` receives, before grading
  /// starts, one line per exercise that cannot be diagnosed because its signatures are missing
  /// or out of date.
  ///
  /// One grader at a time works in a build folder (``WorkFolderLock``): when another process is
  /// grading in `work`, this one calls `waiting` with what it knows of the other (`pid 1234`)
  /// and waits for it to finish.
  ///
  /// `outcomes` receives, for the authoring tools' checks, each tested exercise's outcomes as
  /// the runner saw them (learner, exercise id, outcome by test id): with the expressions and
  /// locations that reports hide. Nothing a learner sees comes from it.
  public func grade(
    _ submissions: [Submission],
    exerciseIDs: [String],
    waiting: (String?) -> Void = { _ in },
    progress: @escaping @Sendable (Progress) -> Void = { _ in },
    warning: (String) -> Void = { _ in },
    outcomes: @escaping @Sendable (String, String, [String: TestRunner.Outcome]) -> Void = {
      _, _, _ in
    }
  ) throws -> [GradeReport] {
    let lock = try WorkFolderLock.acquire(in: work, waiting: waiting)
    defer { lock.release() }
    let exercises = try exerciseIDs.map { try ExerciseSources(id: $0, layout: layout) }
    let visibility = exercises.map(TestVisibility.init)
    let testSteps = exercises.map { StepIndex(sources: $0) }
    // Read from the solution's starter regions once, not once per learner.
    let codedSteps = try exercises.map { try $0.codedSteps() }
    let lessons = exercises.map {
      LessonParagraphs.read(
        layout.exercise($0.manifest.id).appendingPathComponent("README.md"))
    }
    let diagnosers = exercises.map { sources -> Diagnoser? in
      // The tests a learner writes have no decoys: their misses are named by the mutants. A
      // learner edition holds no decoy.
      guard sources.manifest.gradesSources, !layout.isLearnerEdition else { return nil }
      let (diagnoser, problem) = Diagnoser.load(sources)
      if let problem { warning(problem) }
      return diagnoser
    }
    // A build folder made with another version of the library may hold stale code.
    try engine.prepareBuildFolders()
    let pairs = submissions.indices.flatMap { s in exercises.indices.map { (s, $0) } }
    // Longest first, exercises taking turns (see JobOrder).
    let jobList = JobOrder.arrange(pairs) { s, e in
      let manifest = exercises[e].manifest
      if case .exercises(let folder) = submissions[s].source,
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent(manifest.id).path)
      {
        return .nothing
      }
      return manifest.gradesTests ? .tests : .code
    }
    // `jobs` at a time; each worker's thread gets a stack of 4 MB.
    let finishedJobs = WorkQueue(width: jobs, stackSize: 4 << 20).map(jobList) { job in
      let (s, e) = job
      let started = Date()
      let result = Result {
        let manifest = exercises[e].manifest
        // The learner's files are read once, for grading and for their progress per step:
        // their module's sources, and where they write tests, their tests.
        var found: HandIn.Found?
        var foundTests: HandIn.Found?
        if case .exercises(let folder) = submissions[s].source {
          if manifest.gradesSources {
            found = HandIn.read(exercises: folder, id: manifest.id, module: manifest.module)
          }
          if manifest.gradesTests {
            foundTests = HandIn.read(
              exercises: folder, id: manifest.id, module: manifest.module,
              part: ["Tests", manifest.testModule])
          }
        }
        var exercise: GradedExercise
        if manifest.gradesSources {
          exercise = try self.gradeOne(
            submissions[s], found: found, slot: s, exercises[e], visibility: visibility[e]
          ) { outcomes(submissions[s].learner, manifest.id, $0) }
          if manifest.gradesTests, self.layout.isLearnerEdition {
            // The reference feature the learner's tests run against is the answer: not here.
            exercise.notes.append(Self.instructorGradesTestsNote)
          } else if manifest.gradesTests {
            exercise.add(
              try self.gradeSuite(
                submissions[s], found: foundTests.map { Self.ownTests($0, manifest) }, slot: s,
                exercises[e]))
          }
        } else {
          found = foundTests
          exercise = try self.gradeSuite(submissions[s], found: found, slot: s, exercises[e])
        }
        try self.placeInSteps(
          &exercise, found: found, exercises[e], testSteps: testSteps[e],
          codedSteps: codedSteps[e], lesson: lessons[e])
        // A decoy's signature is of the solution tests: the mutants' rows are left out.
        var tested = exercise
        tested.tests.removeAll { $0.mutant != nil }
        exercise.diagnosis = diagnosers[e]?.diagnose(tested)
        return exercise
      }
      if case .success(let exercise) = result {
        progress(
          Progress(
            learner: submissions[s].learner, exercise: exercise,
            seconds: Date().timeIntervalSince(started)))
      }
      return result
    }
    // Back in the submissions' order: submission by submission, exercises in learning order.
    var results = [Result<GradedExercise, any Error>?](repeating: nil, count: pairs.count)
    for (job, result) in zip(jobList, finishedJobs) {
      results[job.0 * exercises.count + job.1] = result
    }

    let finished = Date()
    return try submissions.indices.map { s in
      var report = GradeReport(
        learner: submissions[s].learner,
        submission: (submissions[s].origin ?? submissions[s].folder).path,
        gradedAt: finished,
        exercises: try exercises.indices.map { e in
          do {
            return try results[s * exercises.count + e]!.get()
          } catch {
            throw WorkshopError(
              "grading \(submissions[s].learner)'s \(exercises[e].manifest.id) failed in the "
                + "grader itself, not in the submission: \(error)")
          }
        }, sandboxed: sandbox != nil, gradingNotes: notes)
      report.commit = submissions[s].commit
      return report
    }
  }

  /// Gives each test its lesson steps and the exercise its progress per step: which steps pass,
  /// and which the learner has started (their code differs from the starter's, or some of the
  /// step's tests pass); and the lesson's words for the next step. `found` holds the learner's
  /// files (nil for the reference solutions).
  private func placeInSteps(
    _ exercise: inout GradedExercise, found: HandIn.Found?, _ sources: ExerciseSources,
    testSteps: StepIndex, codedSteps: Set<Int>, lesson: LessonParagraphs
  ) throws {
    let manifest = sources.manifest
    // A mutant's row has its step from the manifest already.
    for index in exercise.tests.indices where exercise.tests[index].mutant == nil {
      exercise.tests[index].steps =
        testSteps.lessonStep(of: exercise.tests[index].id)?.numbers ?? []
    }
    let started: Set<Int>
    switch (exercise.status, found) {
    case (.missing, _): started = []
    case (_, nil): started = Set(manifest.steps.indices.map { $0 + 1 })
    case (_, let found?) where !manifest.gradesSources:
      // A step of a suite is started once one of its mutants is caught.
      started = Set(
        (exercise.suite?.verdicts.filter(\.isCaught).map(\.mutant.step) ?? [])
          + (exercise.suite?.generated.filter(\.isCaught).map(\.step) ?? []))
      _ = found
    case (_, let found?): started = try sources.startedSteps(in: found.files ?? SourceTree())
    }
    exercise.steps = StepProgress.steps(
      titles: manifest.steps, tests: exercise.tests, started: started,
      coded: codedSteps)
    exercise.nextStepLesson = exercise.nextStep.flatMap { lesson.text(of: $0) }
  }

  /// Grades one exercise of one submission. Whatever the submission does becomes a test
  /// status; only a problem of the grader's own (a folder it cannot write) throws.
  private func gradeOne(
    _ submission: Submission, found: HandIn.Found?, slot: Int, _ sources: ExerciseSources,
    visibility: TestVisibility, outcomes: ([String: TestRunner.Outcome]) -> Void
  ) throws -> GradedExercise {
    let manifest = sources.manifest
    let variant: SourceVariant
    var notes: [String] = []
    var review: [ReviewFlag] = []
    switch found {
    case nil:
      variant = .solution
      review = ReviewScan.scan(sources.solution.subtree(manifest.module))
    case let found?:
      notes = found.notes
      review =
        found.files.map {
          ReviewScan.scan($0, except: sources.solution.subtree(manifest.module))
        } ?? []
      guard let files = found.files else {
        return GradedExercise(
          id: manifest.id, title: manifest.title, status: .missing, notes: notes,
          tests: manifest.tests.map {
            TestResult(
              $0, notRunning: .notRun, message: "Not graded: the exercise's sources are missing.",
              isVisible: visibility.isVisible($0.id), hint: nil)
          })
      }
      variant = .learner(files)
    }

    let run = work.appendingPathComponent("runs/\(slot)-\(slug(submission.learner))/\(manifest.id)")
    try? FileManager.default.removeItem(at: run)
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    switch try engine.test(
      variant, of: sources, in: run, hiding: submission.hiddenPaths)
    {
    case .compileError(let message):
      let shown = visibility.compilerMessage(message)
      return GradedExercise(
        id: manifest.id, title: manifest.title, status: .compileError, notes: notes,
        tests: manifest.tests.map {
          TestResult(
            $0, notRunning: .error, message: shown, isVisible: visibility.isVisible($0.id),
            hint: $0.hint)
        }, review: review)
    case .tested(let runs):
      outcomes(runs[0].outcomes)
      review += runs[0].refusals.map {
        ReviewFlag(file: "(event stream)", line: 0, reason: "refused record", code: $0)
      }
      return GradedExercise(
        id: manifest.id, title: manifest.title, status: .graded, notes: notes,
        tests: manifest.tests.map { test in
          TestResult(
            test, outcome: runs[0].outcomes[test.id], isVisible: visibility.isVisible(test.id))
        }, review: review)
    }
  }
}

/// `name` reduced to characters safe in a file name.
package func slug(_ name: String) -> String {
  let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
  let cleaned = String(name.map { allowed.contains($0) ? $0 : "_" })
  return cleaned.isEmpty || cleaned.hasPrefix(".") ? "_" + cleaned : cleaned
}
