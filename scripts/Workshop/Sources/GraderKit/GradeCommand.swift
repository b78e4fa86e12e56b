import Foundation
import WorkshopCore

/// `scripts/grade`: parses the command line, grades, prints the table and writes the reports.
public struct GradeCommand: Sendable {
  public enum Format: String, CaseIterable, Sendable {
    case markdown, json, junit, csv, html
  }

  public var root: URL
  public var submission: URL?
  public var solutions = false
  public var exercises: [String] = []
  public var formats: Set<Format> = Set(Format.allCases)
  public var output: URL?
  public var jobs = Grader.defaultJobs
  public var sandbox = SandboxPolicy.automatic
  public var shard: Shard?
  public var buildFolder: URL?
  /// `scripts/grade merge`: the shard output folders to combine.
  public var merge: [URL]?
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
    if let merge { return try runMerge(merge) }
    let layout = WorkspaceLayout(root: root)
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
    var submissions: [Submission]
    var classNotes: [String] = []
    if solutions {
      submissions = [Submission(learner: "solutions", folder: layout.solutions, source: .solutions)]
    } else if let submission {
      do {
        let found = try Submission.scan(at: submission, exerciseIDs: ids)
        submissions = found.learners
        classNotes += found.note.map { [$0] } ?? []
      } catch {
        throw Self.commandLine.usageError("\(error)")
      }
    } else {
      submissions = [
        Submission(
          learner: layout.root.lastPathComponent, folder: layout.exercises,
          source: .exercises(layout.exercises))
      ]
    }
    let classLearners = submissions.map(\.learner)
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
      let count = submissions.count == 1 ? "1 submission" : "\(submissions.count) submissions"
      let slice = shard.map { " (shard \($0) of a class of \(classLearners.count))" } ?? ""
      printError("grading \(count)\(slice), \(ids.count) exercises each, \(jobs) at a time…")
    }
    let grader = Grader(
      layout: layout, work: work, jobs: jobs, sandbox: sandbox,
      notes: choice.note.map { [$0] } ?? [])
    let waiting = { (holder: String?) in
      printError(
        "grade: another grader\(holder.map { " (\($0))" } ?? "") is using \(work.path); "
          + "waiting for it to finish (Ctrl-C to stop waiting)…")
    }
    let progress = { @Sendable (progress: Grader.Progress) in
      guard !quiet else { return }
      let exercise = progress.exercise
      printError(
        "  \(progress.learner)  \(exercise.id)  \(exercise.points)/\(exercise.maximumPoints)"
          + "  (\(String(format: "%.1f", progress.seconds)) s)")
    }
    let reports = try grader.grade(
      submissions, exerciseIDs: ids, waiting: waiting, progress: progress,
      warning: { printError("grade: warning: " + $0) })

    // Every test process has ended by now: reports are written after, never alongside them.
    var extra: [(path: String, contents: Data)] = []
    if let shard {
      let file = ShardFile(
        shard: shard, classLearners: classLearners, exerciseIDs: ids, classNotes: classNotes,
        reports: reports)
      extra.append((ShardFile.fileName, try file.encoded()))
    }
    var status = try writer.present(
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

  /// `scripts/grade merge`: the reports of the shards' runs, as one run would have written them.
  private func runMerge(_ folders: [URL]) throws -> Int32 {
    let files = try folders.map { ($0.path, try ShardFile.read(from: $0)) }
    let merged = try ShardFile.merge(files)
    let output = (self.output ?? root.appendingPathComponent(".build-grade/reports"))
      .standardizedFileURL
    return try writer.present(
      merged.reports, exerciseIDs: merged.exerciseIDs, classNotes: merged.classNotes,
      output: output, extra: [])
  }

  /// The table and the report files this command writes.
  var writer: ReportWriter { ReportWriter(formats: formats, color: color) }

  /// Writes the chosen report files into `output`; returns their paths and what was in the way.
  package func writeReports(_ reports: [GradeReport], exerciseIDs: [String], to output: URL) throws
    -> ReportFolder.Outcome
  {
    try ReportFolder(output).write(try writer.files(reports, exerciseIDs: exerciseIDs))
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
