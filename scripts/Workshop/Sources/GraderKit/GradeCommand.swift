import Foundation
import WorkshopCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `scripts/grade`: parses the command line, grades, prints the table and writes the reports.
public struct GradeCommand: Sendable {
  public static let usage = """
    usage: scripts/grade [SUBMISSION] [options]
           scripts/grade merge SHARD-FOLDER… [options]

    Grades exercises with this workspace's solution tests, then prints a table and writes
    reports. Only the learner's Exercises/<id>/Sources/<Module>/ Swift files are used; the
    submission is never modified. On Linux every test process runs in a sandbox (see
    --sandbox). One grader at a time uses a workspace's build folder: a second one waits.

    SUBMISSION (default: this workspace's own Exercises/)
      a learner's copy of the workspace (a folder holding Exercises/),
      a learner's Exercises/ folder, or
      a class folder holding one such folder per learner (graded in parallel).

    Options:
      --solutions          grade this workspace's Solutions/ instead: the self-check, which
                           must score 100 % (exit status 1 if it does not)
      -e, --exercise IDS   only these exercises: ids or numbers, comma-separated, repeatable
      -f, --format LIST    report files to write, comma-separated: markdown, json, junit, csv,
                           html; `all` (the default) or `none`
      -o, --output DIR     where report files go (default: .build-grade/reports)
      -j, --jobs N         how many exercises may run their tests at once (default: the number
                           of processor cores)
          --shard I/N      grade only the I-th of N slices of a class (learners in name order,
                           dealt out in turn), for a batch system; the output folder also gets
                           shard.json, which `scripts/grade merge` combines
          --sandbox MODE   where learner code runs (Linux): auto (the default) runs every test
                           process in a sandbox (bwrap if installed, else unshare) when the
                           system allows it, and otherwise grades unsandboxed and says so in
                           the terminal and every report; required stops with an error
                           instead; bwrap or unshare pick the tool; off never sandboxes
          --build-folder DIR
                           where the grader builds (default: .build-grade); a new folder
                           starts cold
          --no-color       no colors in the table (also when NO_COLOR is set or the output is
                           not a terminal)
      -q, --quiet          no progress lines while grading
      -h, --help           this text

    merge SHARD-FOLDER…    combine the output folders of every shard of one class (from
                           --shard runs) into the reports one run would have written; takes
                           -o, -f, --no-color and -q

    Reports (in the output folder):
      <learner>/feedback.md   for the learner: what failed, why, a hint for each, and the
                              likely misunderstanding when the failures match a decoy's
      <learner>/results.json  machine-readable, close to Exercism's results.json v3, with the
                              lines flagged for the instructor's review
      junit.xml               one testsuite per learner and exercise, for CI systems
      gradebook.csv           one row per learner, one column per exercise, the total, the
                              lines flagged for review, and whether tests ran sandboxed
      report.html             one self-contained page for the class (or the one learner):
                              score distributions, pass rate of every test, shared
                              misunderstandings, learners to look at; no script, no network
    A learner's folder is the learner's name with characters other than letters, digits,
    `.`, `_` and `-` written as %XX (UTF-8, as in URLs): `x y` is x%20y, `x_y` is x_y.

    Exit status: 0 when grading ran, whatever the score; 1 when --solutions scores below
    100 %, when a report could not be written (the others still are; the message says what
    is in the way), or when the grader itself fails (the message says why); 2 for a usage
    error (the message says what to change).

    Examples:
      scripts/grade                                  grade my own work
      scripts/grade ~/submissions/alice              one learner's copy
      scripts/grade ~/submissions/class-a -o ~/grades
      scripts/grade --solutions                      the self-check
      scripts/grade -e 01,02 -f json                 two exercises, JSON reports only
      scripts/grade class-a --shard 2/3 -o shard-2   one slice of three
      scripts/grade merge shard-1 shard-2 shard-3 -o grades
    """

  public enum Format: String, CaseIterable, Sendable {
    case markdown, json, junit, csv, html
  }

  public var root: URL
  public var submission: URL?
  public var solutions = false
  public var exercises: [String] = []
  public var formats: Set<Format> = Set(Format.allCases)
  public var output: URL?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var sandbox = SandboxPolicy.automatic
  public var shard: Shard?
  public var buildFolder: URL?
  /// `scripts/grade merge`: the shard output folders to combine.
  public var merge: [URL]?
  public var color = true

  package init(root: URL) {
    self.root = root
  }
  public var quiet = false

  /// A problem with the command line, said so the user knows what to change.
  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String], root: URL) throws -> GradeCommand {
    var command = GradeCommand(root: root)
    var index = 0
    if arguments.first == "merge" {
      command.merge = []
      index = 1
    }
    func value(_ option: String) throws -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("-") else {
        throw UsageError("\(option) needs a value; see --help.")
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--solutions": command.solutions = true
      case "-e", "--exercise":
        command.exercises += try value(argument).split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      case "-f", "--format":
        command.formats = try parseFormats(try value(argument))
      case "-o", "--output":
        command.output = URL(fileURLWithPath: try value(argument))
      case "-j", "--jobs":
        let text = try value(argument)
        guard let jobs = Int(text), (1...64).contains(jobs) else {
          throw UsageError("--jobs takes a number from 1 to 64, not \"\(text)\".")
        }
        command.jobs = jobs
      case "--sandbox":
        let text = try value(argument)
        guard let policy = SandboxPolicy(rawValue: text) else {
          throw UsageError(
            "--sandbox takes auto, required, bwrap, unshare or off, not \"\(text)\".")
        }
        command.sandbox = policy
      case "--shard":
        do {
          command.shard = try Shard(parsing: try value(argument))
        } catch let error as WorkshopError {
          throw UsageError(error.description)
        }
      case "--build-folder":
        command.buildFolder = URL(fileURLWithPath: try value(argument))
      case "--no-color": command.color = false
      case "-q", "--quiet": command.quiet = true
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option \"\(argument)\"; see --help.")
        }
        if command.merge != nil {
          command.merge!.append(URL(fileURLWithPath: argument))
          break
        }
        guard command.submission == nil else {
          throw UsageError(
            "give one submission folder (a learner's workspace or a class folder), not several: "
              + "\"\(command.submission!.path)\" and \"\(argument)\".")
        }
        command.submission = URL(fileURLWithPath: argument)
      }
      index += 1
    }
    if let merge = command.merge {
      if merge.isEmpty {
        throw UsageError("merge needs the output folders of the shards: merge DIR DIR….")
      }
      if command.solutions || command.shard != nil || !command.exercises.isEmpty {
        throw UsageError(
          "merge takes shard folders and -o, -f, --no-color, -q; --solutions, --shard and -e "
            + "belong to the shard runs.")
      }
    }
    if command.solutions, let submission = command.submission {
      throw UsageError(
        "--solutions grades this workspace's Solutions/; it takes no submission folder "
          + "(\"\(submission.path)\").")
    }
    return command
  }

  private static func parseFormats(_ text: String) throws -> Set<Format> {
    var formats = Set<Format>()
    for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      switch word {
      case "all": formats.formUnion(Format.allCases)
      case "none": continue
      default:
        guard let format = Format(rawValue: word) else {
          throw UsageError(
            "unknown report format \"\(word)\"; use markdown, json, junit, csv, html, all or "
              + "none.")
        }
        formats.insert(format)
      }
    }
    return formats
  }

  /// Grades (or merges), prints the table to standard output, writes the reports. Returns the
  /// exit status.
  public func run() throws -> Int32 {
    if let merge { return try runMerge(merge) }
    let layout = WorkspaceLayout(root: root)
    let ids: [String]
    do {
      ids = try layout.select(exercises)
    } catch {
      throw UsageError("\(error)")
    }
    guard !ids.isEmpty else {
      throw UsageError("this workspace has no exercises (no Tests/<id>/exercise.json).")
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
        throw UsageError("\(error)")
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
        throw UsageError(
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
    var status = try present(
      reports, exerciseIDs: ids, classNotes: classNotes, output: output, extra: extra)
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
    return try present(
      merged.reports, exerciseIDs: merged.exerciseIDs, classNotes: merged.classNotes,
      output: output, extra: [])
  }

  /// Prints the table and writes the report files; returns the exit status (1 when a report
  /// could not be written).
  private func present(
    _ reports: [GradeReport], exerciseIDs: [String], classNotes: [String], output: URL,
    extra: [(path: String, contents: Data)]
  ) throws -> Int32 {
    let useColor =
      color && isatty(STDOUT_FILENO) == 1
      && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    for note in classNotes { print("note: " + note) }
    print(TerminalTable.render(reports, color: useColor), terminator: "")
    let files = try reportFiles(reports, exerciseIDs: exerciseIDs) + extra
    guard !files.isEmpty else { return 0 }
    let outcome = try ReportFolder(output).write(files)
    if !outcome.written.isEmpty { print("reports: \(output.path)") }
    for problem in outcome.problems { printError("grade: \(problem)") }
    return outcome.problems.isEmpty ? 0 : 1
  }

  /// The chosen report files, by path relative to the output folder.
  func reportFiles(_ reports: [GradeReport], exerciseIDs: [String]) throws -> [(
    path: String, contents: Data
  )] {
    var files: [(path: String, contents: Data)] = []
    let folders = LearnerFolderName.folders(for: reports.map(\.learner))
    for (report, folder) in zip(reports, folders) {
      if formats.contains(.markdown) {
        files.append(("\(folder)/feedback.md", Data(MarkdownFeedback.render(report).utf8)))
      }
      if formats.contains(.json) {
        files.append(("\(folder)/results.json", Data(try JSONResults.render(report).utf8)))
      }
    }
    if formats.contains(.junit) {
      files.append(("junit.xml", Data(JUnitReport.render(reports).utf8)))
    }
    if formats.contains(.csv) {
      files.append(
        ("gradebook.csv", Data(Gradebook.csv(reports, exerciseIDs: exerciseIDs).utf8)))
    }
    if formats.contains(.html) {
      files.append(("report.html", Data(HTMLReport.render(reports).utf8)))
    }
    return files
  }

  /// Writes the chosen report files into `output`; returns their paths and what was in the way.
  package func writeReports(_ reports: [GradeReport], exerciseIDs: [String], to output: URL) throws
    -> ReportFolder.Outcome
  {
    try ReportFolder(output).write(try reportFiles(reports, exerciseIDs: exerciseIDs))
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
