import Foundation
import WorkshopKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `scripts/grade`: parses the command line, grades, prints the table and writes the reports.
public struct GradeCommand: Sendable {
  public static let usage = """
    usage: scripts/grade [SUBMISSION] [options]

    Grades exercises with this workspace's solution tests, then prints a table and writes
    reports. Only the learner's Exercises/<id>/Sources/<Module>/ Swift files are used; the
    submission is never modified.

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
          --no-color       no colors in the table (also when NO_COLOR is set or the output is
                           not a terminal)
      -q, --quiet          no progress lines while grading
      -h, --help           this text

    Reports (in the output folder):
      <learner>/feedback.md   for the learner: what failed, why, a hint for each, and the
                              likely misunderstanding when the failures match a decoy's
      <learner>/results.json  machine-readable, close to Exercism's results.json v3
      junit.xml               one testsuite per learner and exercise, for CI systems
      gradebook.csv           one row per learner, one column per exercise, and the total
      report.html             one self-contained page for the class (or the one learner):
                              score distributions, pass rate of every test, shared
                              misunderstandings, learners to look at; no script, no network

    Exit status: 0 when grading ran, whatever the score; 1 when --solutions scores below
    100 %, or when the grader itself fails (a folder it cannot write; the message says which);
    2 for a usage error (the message says what to change).

    Examples:
      scripts/grade                                  grade my own work
      scripts/grade ~/submissions/alice              one learner's copy
      scripts/grade ~/submissions/class-a -o ~/grades
      scripts/grade --solutions                      the self-check
      scripts/grade -e 01,02 -f json                 two exercises, JSON reports only
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
  public var color = true
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
      case "--no-color": command.color = false
      case "-q", "--quiet": command.quiet = true
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option \"\(argument)\"; see --help.")
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

  /// Grades, prints the table to standard output, writes the reports. Returns the exit status.
  public func run() throws -> Int32 {
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
    let submissions: [Submission]
    if solutions {
      submissions = [Submission(learner: "solutions", folder: layout.solutions, source: .solutions)]
    } else if let submission {
      do {
        submissions = try Submission.find(at: submission, exerciseIDs: ids)
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
    if !quiet {
      let count = submissions.count == 1 ? "1 submission" : "\(submissions.count) submissions"
      printError("grading \(count), \(ids.count) exercises each, \(jobs) at a time…")
    }
    let grader = Grader(
      layout: layout, work: root.appendingPathComponent(".build-grade"), jobs: jobs)
    let reports = try grader.grade(
      submissions, exerciseIDs: ids,
      progress: { progress in
        guard !quiet else { return }
        let exercise = progress.exercise
        printError(
          "  \(progress.learner)  \(exercise.id)  \(exercise.points)/\(exercise.maximumPoints)"
            + "  (\(String(format: "%.1f", progress.seconds)) s)")
      },
      warning: { printError("grade: warning: " + $0) })

    let useColor =
      color && isatty(STDOUT_FILENO) == 1
      && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    print(TerminalTable.render(reports, color: useColor), terminator: "")
    let written = try writeReports(reports, exerciseIDs: ids, to: output)
    if !written.isEmpty { print("reports: \(output.path)") }

    if solutions, let report = reports.first, report.points < report.maximumPoints {
      printError(
        "grade: the solutions score \(report.points)/\(report.maximumPoints), not 100 %: a "
          + "solution or its tests need fixing (see the table above).")
      return 1
    }
    return 0
  }

  /// Writes the chosen report files; returns their paths.
  func writeReports(_ reports: [GradeReport], exerciseIDs: [String], to output: URL) throws
    -> [URL]
  {
    guard !formats.isEmpty else { return [] }
    let manager = FileManager.default
    try manager.createDirectory(at: output, withIntermediateDirectories: true)
    var written: [URL] = []
    func write(_ text: String, _ url: URL) throws {
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      written.append(url)
    }
    var usedNames = Set<String>()
    for report in reports {
      var name = slug(report.learner)
      var suffix = 2
      while !usedNames.insert(name).inserted {
        name = "\(slug(report.learner))-\(suffix)"
        suffix += 1
      }
      let folder = output.appendingPathComponent(name)
      if formats.contains(.markdown) {
        try write(MarkdownFeedback.render(report), folder.appendingPathComponent("feedback.md"))
      }
      if formats.contains(.json) {
        try write(try JSONResults.render(report), folder.appendingPathComponent("results.json"))
      }
    }
    if formats.contains(.junit) {
      try write(JUnitReport.render(reports), output.appendingPathComponent("junit.xml"))
    }
    if formats.contains(.csv) {
      try write(
        Gradebook.csv(reports, exerciseIDs: exerciseIDs),
        output.appendingPathComponent("gradebook.csv"))
    }
    if formats.contains(.html) {
      try write(HTMLReport.render(reports), output.appendingPathComponent("report.html"))
    }
    return written
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
