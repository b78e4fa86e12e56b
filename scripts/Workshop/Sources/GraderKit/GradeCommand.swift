import CommandLineLayer
import ExerciseEngine
import ExerciseModel
import Foundation

/// `scripts/grade`: parses the command line, grades, prints the table and writes the reports.
public struct GradeCommand: Sendable {
  public enum Format: String, CaseIterable, Sendable {
    case markdown, json, junit, csv, html
    /// Gradescope's autograder results, `<learner>/gradescope.json` (``GradescopeResults``):
    /// written only when asked for by name.
    case gradescope

    /// What a run writes unless told otherwise (`all` adds Gradescope's too).
    public static let standard: Set<Format> = [.markdown, .json, .junit, .csv, .html]
  }

  public var root: URL
  public var submission: URL?
  public var solutions = false
  public var exercises: [String] = []
  public var formats: Set<Format> = Format.standard
  /// Who sees a hidden test's entry on Gradescope (`--gradescope-hidden`).
  public var gradescopeHidden = GradescopeResults.Visibility.afterPublished
  public var output: URL?
  public var jobs = Grader.defaultJobs
  public var sandbox = SandboxPolicy.automatic
  public var shard: Shard?
  public var buildFolder: URL?
  /// `--canvas`, `--moodle`: learning systems' exports to fill in with the grades.
  public var rosterFiles: [(system: LMSGradebook.System, file: URL)] = []
  /// `--before`: grade learners' git repositories at their last commit before this moment.
  public var before: Date?
  /// `scripts/grade merge`: the shard output folders to combine.
  public var merge: [URL]?
  /// `scripts/grade release`: the learners whose held grades to release.
  public var release: [String]?
  /// `scripts/grade handout`: write the learner edition into `output`.
  public var handout = false
  public var color = true

  /// `--help`: print the help instead of grading.
  public var showsHelp = false

  package init(root: URL) {
    self.root = root
  }
  public var quiet = false

  /// `scripts/grade`'s usage: its `--help` text.
  public static var usage: String { commandLine.help }

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String], root: URL) throws(UsageError) -> GradeCommand {
    let command = try commandLine.parse(arguments, into: GradeCommand(root: root))
    if command.solutions, let submission = command.submission {
      throw commandLine.usageError(
        "--solutions grades this workspace's Solutions/; it takes no submission folder "
          + "('\(submission.path)').")
    }
    return command
  }

  /// Grades (or merges), prints the table to standard output, writes the reports. Returns the
  /// exit status.
  public func run() throws -> Int32 {
    if showsHelp {
      print(Self.usage)
      return 0
    }
    if before != nil, submission == nil || solutions {
      throw Self.commandLine.usageError(
        "--before grades learners' git repositories at a deadline: give the repository, or a "
          + "folder holding one repository per learner.")
    }
    if let merge { return try runMerge(merge) }
    if let release { return try runRelease(release) }
    if handout { return try runHandout() }
    let layout = WorkspaceLayout(root: root)
    if layout.isLearnerEdition {
      if solutions {
        throw Self.commandLine.usageError(
          "this is a learner edition: it holds no Solutions/ to grade.")
      }
      printError("grade: " + Grader.learnerEditionNote)
    }
    let ids: [String]
    do {
      ids = try layout.select(exercises)
    } catch {
      throw Self.commandLine.usageError("\(error)")
    }
    guard !ids.isEmpty else {
      throw Self.commandLine.usageError(
        "this workspace has no exercises (no Tests/<id>/exercise.json).")
    }
    // Hand-ins written out for this run (from git repositories or an archive): a folder of this
    // process's own, so a second grader in the same build folder never touches them, removed
    // when the run ends.
    let handInsFolder = (buildFolder ?? root.appendingPathComponent(".build-grade"))
      .standardizedFileURL.appendingPathComponent(
        "hand-ins/\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: handInsFolder) }
    var (submissions, classNotes) = try findSubmissions(
      layout: layout, exerciseIDs: ids, handInsFolder: handInsFolder)
    let classLearners = submissions.map(\.learner)
    // A roster that cannot be read, or that does not name every learner once, stops the run
    // before anyone is graded.
    do {
      for roster in try writer.rosters { _ = try LMSGradebook.match(classLearners, in: roster) }
    } catch {
      throw Self.commandLine.usageError("\(error)")
    }
    if let shard { submissions = shard.slice(submissions) }
    let output = (self.output ?? root.appendingPathComponent(".build-grade/reports"))
      .standardizedFileURL
    for submission in submissions where !solutions {
      let folder = submission.folder.standardizedFileURL.path
      if output.path == folder || output.path.hasPrefix(folder + "/") {
        throw Self.commandLine.usageError(
          "the output folder \(output.path) is inside the submission \(folder), which grading "
            + "never modifies; choose another folder with --output.")
      }
    }

    let quiet = self.quiet
    let work = (buildFolder ?? root.appendingPathComponent(".build-grade")).standardizedFileURL
    let choice = try Sandbox.choose(
      sandbox,
      scratch: work.appendingPathComponent(
        "sandbox-check-\(ProcessInfo.processInfo.processIdentifier)"))
    var sandbox = choice.sandbox
    sandbox?.hiddenPaths.append(output.path)
    if let submission { sandbox?.hiddenPaths.append(submission.standardizedFileURL.path) }
    if !quiet {
      let slice = shard.map { " (shard \($0) of a class of \(classLearners.count))" } ?? ""
      printError(
        Self.startLine(
          submissions: submissions.count, slice: slice, exercises: ids.count, jobs: jobs))
    }
    let grader = Grader(
      layout: layout, work: work, jobs: jobs, sandbox: sandbox,
      notes: choice.note.map { [$0] } ?? [])
    // What SwiftPM builds meanwhile (a first build compiles the library), below the grader's
    // own lines.
    let lines = ColdBuildProgress(isTerminal: isatty(STDERR_FILENO) == 1) {
      FileHandle.standardError.write(Data($0.utf8))
    }
    if !quiet { lines.start() }
    defer { lines.stop() }
    let waiting = { (holder: String?) in
      lines.print(
        "grade: another grader\(holder.map { " (\($0))" } ?? "") is using \(work.path); "
          + "waiting for it to finish (Ctrl-C to stop waiting)…")
    }
    let progress = { @Sendable (progress: Grader.Progress) in
      guard !quiet else { return }
      let exercise = progress.exercise
      lines.print(
        "  \(progress.learner)  \(exercise.id)  \(exercise.points)/\(exercise.maximumPoints)"
          + "  (\(String(format: "%.1f", progress.seconds)) s)")
    }
    let graded = try grader.grade(
      submissions, exerciseIDs: ids, waiting: waiting, progress: progress,
      warning: { lines.print("grade: warning: " + $0) })
    lines.stop()

    // Every test process has ended by now: reports are written after, never alongside them.
    var reports = try ReviewHolds.read(from: output).applied(to: graded)
    if !solutions {
      reports = reports.map { Self.withEarlierGrades($0, root: root, output: output) }
    }
    var extra: [(path: String, contents: Data)] = [
      (
        GradingRecord.fileName,
        try GradingRecord(exerciseIDs: ids, classNotes: classNotes, reports: reports).encoded()
      )
    ]
    if let shard {
      let file = ShardFile(
        shard: shard, classLearners: classLearners, exerciseIDs: ids, classNotes: classNotes,
        reports: reports)
      extra.append((ShardFile.fileName, try file.encoded()))
    }
    var status = try self.writer.present(
      reports, exerciseIDs: ids, classNotes: classNotes, output: output, extra: extra)
    // The learner's own grades outlive a later run of fewer exercises (`-e 09`): see
    // GradeHistory, which keeps only this workspace's reports.
    if !solutions {
      try? GradeHistory(root: root).keep(reports: output)
    }
    if solutions, let report = reports.first, report.points < report.maximumPoints {
      printError(
        "grade: the solutions score \(report.points)/\(report.maximumPoints), not 100 %: a "
          + "solution or its tests need fixing (see the table above).")
      status = 1
    }
    return status
  }

  /// The line a grading starts with: "grading 1 submission, 1 exercise, 3 at a time…".
  static func startLine(submissions: Int, slice: String = "", exercises: Int, jobs: Int) -> String {
    let count = submissions == 1 ? "1 submission" : "\(submissions) submissions"
    let what = exercises == 1 ? "1 exercise" : "\(exercises) exercises"
    let each = submissions == 1 ? "" : " each"
    return "grading \(count)\(slice), \(what)\(each), \(jobs) at a time…"
  }

  /// `report` with the last grade of each exercise of this workspace it does not grade, when
  /// the submission is this workspace: a run of fewer exercises (`-e 14`) keeps the others in
  /// the learner's feedback (``GradeHistory``, and the report folder's last run).
  static func withEarlierGrades(_ report: GradeReport, root: URL, output: URL) -> GradeReport {
    let history = GradeHistory(root: root)
    guard history.isOurs(submission: report.submission) else { return report }
    let graded = Set(report.exercises.map(\.id))
    let feedback = history.newestFeedback()
    let order = (try? Catalogue.load(in: WorkspaceLayout(root: root)).entries.map(\.id)) ?? []
    let earlier = history.newestByExercise(reports: output)
      .filter { !graded.contains($0.key) }
      .sorted { (order.firstIndex(of: $0.key) ?? .max) < (order.firstIndex(of: $1.key) ?? .max) }
      .compactMap { id, results -> GradeReport.EarlierGrade? in
        guard let exercise = results.exercises.first(where: { $0.id == id }) else { return nil }
        let path = feedback[id].map { file in
          file.standardizedFileURL.path.replacingOccurrences(
            of: root.standardizedFileURL.path + "/", with: "")
        }
        return GradeReport.EarlierGrade(
          id: id, title: exercise.title, points: exercise.points,
          maximumPoints: exercise.maxPoints, gradedAt: results.gradedAt, feedback: path)
      }
    var report = report
    report.earlierGrades = earlier.isEmpty ? nil : earlier
    return report
  }

  /// `scripts/grade merge`: the reports of the shards' runs, as one run would have written them.
  private func runMerge(_ folders: [URL]) throws -> Int32 {
    // A folder that is missing or holds no shard file is a shard run that stopped before it
    // ended (a killed run writes nothing): named, with the learners of the missing shard.
    var files: [(folder: String, file: ShardFile)] = []
    var unfinished: [String] = []
    for folder in folders {
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(ShardFile.fileName).path)
      {
        files.append((folder.path, try ShardFile.read(from: folder)))
      } else {
        unfinished.append(folder.path)
      }
    }
    let merged = try ShardFile.merge(files, unfinished: unfinished)
    let output = (self.output ?? root.appendingPathComponent(".build-grade/reports"))
      .standardizedFileURL
    let reports = try ReviewHolds.read(from: output).applied(to: merged.reports)
    let record = GradingRecord(
      exerciseIDs: merged.exerciseIDs, classNotes: merged.classNotes, reports: reports)
    return try self.writer.present(
      reports, exerciseIDs: merged.exerciseIDs, classNotes: merged.classNotes,
      output: output, extra: [(GradingRecord.fileName, try record.encoded())])
  }

  /// `scripts/grade release`: releases the held grades of `learners` in the last run's
  /// reports (``GradingRecord``), and writes those reports again.
  private func runRelease(_ learners: [String]) throws -> Int32 {
    let output = (self.output ?? root.appendingPathComponent(".build-grade/reports"))
      .standardizedFileURL
    var record = try GradingRecord.read(from: output)
    var holds = try ReviewHolds.read(from: output)
    let known = record.reports.map(\.learner)
    for learner in learners {
      guard let report = record.reports.first(where: { $0.learner == learner }) else {
        throw WorkshopError(
          "no learner named \"\(learner)\" in the grades in \(output.path); the learners there "
            + "are: \(known.joined(separator: ", ")).")
      }
      guard !report.reviewSummary.isEmpty else {
        printError("grade: \(learner)'s grade has no lines flagged for review: nothing to release.")
        continue
      }
      holds.release(report)
      printError(
        "grade: released \(learner)'s grade (\(report.reviewSummary.count) flagged "
          + (report.reviewSummary.count == 1 ? "line" : "lines") + ").")
    }
    record.reports = holds.applied(to: record.reports)
    return try self.writer.present(
      record.reports, exerciseIDs: record.exerciseIDs, classNotes: record.classNotes,
      output: output,
      extra: [
        (ReviewHolds.fileName, try holds.encoded()),
        (GradingRecord.fileName, try record.encoded()),
      ])
  }

  /// The table and the report files this command writes.
  var writer: ReportWriter {
    get throws {
      ReportWriter(
        formats: formats, color: color, gradescopeHidden: gradescopeHidden,
        rosters: try rosterFiles.map { system, file in
          guard let data = FileManager.default.contents(atPath: file.path) else {
            throw WorkshopError(
              "cannot read \(file.path), the \(system.rawValue) roster given with "
                + "--\(system.rawValue): give the file the learning system exported.")
          }
          do {
            return try LMSGradebook.Roster(
              csv: String(decoding: data, as: UTF8.self), system: system)
          } catch {
            throw WorkshopError("\(file.path): \(error)")
          }
        })
    }
  }

  /// Writes the chosen report files into `output`; returns their paths and what was in the way.
  package func writeReports(_ reports: [GradeReport], exerciseIDs: [String], to output: URL) throws
    -> ReportFolder.Outcome
  {
    try ReportFolder(output).write(try self.writer.files(reports, exerciseIDs: exerciseIDs))
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
