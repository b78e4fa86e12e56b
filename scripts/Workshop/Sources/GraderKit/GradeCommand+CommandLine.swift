import CommandLineLayer
import ExerciseEngine
import Foundation

extension GradeCommand {
  /// `scripts/grade`'s command line: what it parses, its `--help` and its usage errors.
  public static let commandLine = CommandLineTool<GradeCommand>(
    name: "grade", invocation: "scripts/grade",
    about: """
      Grades exercises with this workspace's solution tests, then prints a table and writes \
      reports. Only the learner's Swift files in Exercises/<id>/Sources/<Module>/ (and, where \
      they write tests, Tests/<Module>Tests/) are used; the \
      submission is never modified. On Linux every test process runs in a sandbox (see \
      --sandbox). One grader at a time uses a workspace's build folder: a second one waits.
      """,
    commands: [
      Subcommand(
        nil,
        arguments: .optional(
          "SUBMISSION",
          help: "a learner's copy of the workspace (a folder holding Exercises/), a learner's "
            + "Exercises/ folder, or a class folder holding one such folder per learner, "
            + "graded in parallel; a Canvas or Moodle \"download all submissions\" .zip (one "
            + "learner per Canvas user or Moodle participant); with --before, git repositories",
          default: "this workspace's own Exercises/"),
        options: [
          .flag(
            "--solutions",
            help: "grade this workspace's Solutions/ instead: the self-check, which must score "
              + "100 % (exit status 1 if it does not)"
          ) { $0.solutions = true },
          .repeatable(
            "-e", "--exercise", "IDS", as: .commaSeparated(.text),
            help: "only these exercises: ids or numbers, comma-separated"
          ) { $0.exercises += $1 },
          .value(
            "--shard", "I/N", as: shard,
            help: "grade only the I-th of N slices of a class (learners in name order, dealt "
              + "out in turn), for a batch system; the output folder also gets shard.json, "
              + "which `scripts/grade merge` combines"
          ) { $0.shard = $1 },
        ]
      ) { $0.submission = $1.first.map { URL(fileURLWithPath: $0) } },
      Subcommand(
        "merge", arguments: .oneOrMore("SHARD-FOLDER"),
        abstract: "combine the output folders of every shard of one class (from --shard runs) "
          + "into the reports one run would have written; takes -o, -f, --no-color and -q"
      ) { $0.merge = $1.map { URL(fileURLWithPath: $0) } },
      Subcommand(
        "release", arguments: .oneOrMore("LEARNER"),
        abstract: "release grades held for review (a grade with lines flagged for review is "
          + "held: no points in the gradebook, left out of the class's figures) once you have "
          + "read the flags; rewrites the reports of the last run in -o's folder"
      ) { $0.release = $1 },
      Subcommand(
        "handout",
        abstract: "write the learner edition of this workspace into -o's folder (which must not "
          + "exist, or be empty): a git repository for learners to clone, with the library, the "
          + "exercises, the learner tool and the hints, and nothing of the instructor's side "
          + "(no solutions, hidden tests, decoys, hidden mutants or records), proven before it "
          + "is written"
      ) { command, _ in command.handout = true },
    ],
    options: [
      .value(
        "-f", "--format", "LIST", as: .commaSeparated(formatWords),
        default: "all but gradescope",
        help: "report files to write, comma-separated: markdown, json, junit, csv, html, "
          + "gradescope (each learner's gradescope.json, Gradescope's autograder results); `all` "
          + "or `none`"
      ) { $0.formats = Set($1.joined()) },
      .value(
        "--gradescope-hidden", "WHEN", as: .choice(GradescopeResults.Visibility.self),
        default: "after_published",
        help: "when Gradescope shows the learner a hidden test's entry: visible, hidden, "
          + "after_due_date or after_published"
      ) { $0.gradescopeHidden = $1 },
      .value(
        "-o", "--output", "DIR", as: .path, default: ".build-grade/reports",
        help: "where report files go"
      ) { $0.output = $1 },
      .value(
        "-j", "--jobs", "N", as: .number(1...64),
        default: "three for every two processor cores",
        help: "how many exercises may run their tests at once"
      ) { $0.jobs = $1 },
      .value(
        "--sandbox", "MODE", as: .choice(SandboxPolicy.self),
        help: "where learner code runs (Linux): auto (the default) runs every test process in "
          + "a sandbox (bwrap if installed, else unshare) when the system allows it, and "
          + "otherwise grades unsandboxed and says so in the terminal and every report; "
          + "required stops with an error instead; bwrap or unshare pick the tool; off never "
          + "sandboxes"
      ) { $0.sandbox = $1 },
      .value(
        "--canvas", "EXPORT.csv", as: .path,
        help: "also write canvas.csv for Canvas's gradebook import: the gradebook EXPORT.csv "
          + "(Grades → Export) with one new assignment column per exercise; learners match its "
          + "rows by SIS Login ID, SIS User ID, ID or name"
      ) { $0.rosterFiles.append((.canvas, $1)) },
      .value(
        "--moodle", "WORKSHEET.csv", as: .path,
        help: "also write moodle.csv for Moodle's \"Upload grading worksheet\": the assignment's "
          + "WORKSHEET.csv with Grade filled (the points of the exercises graded); learners "
          + "match its rows by Identifier, email address (or its local part) or full name"
      ) { $0.rosterFiles.append((.moodle, $1)) },
      .value(
        "--before", "DATE", as: deadline,
        help: "SUBMISSION is a learner's git repository, or a folder of them (one per learner): "
          + "grade each at its last commit before DATE (ISO 8601: 2026-12-01T23:59:00Z, or with "
          + "an offset, +01:00), written out apart, the repository untouched; each report "
          + "records the commit"
      ) { $0.before = $1 },
      .value(
        "--build-folder", "DIR", as: .path, default: ".build-grade",
        help: "where the grader builds; a new folder starts cold"
      ) { $0.buildFolder = $1 },
      .flag(
        "--no-color",
        help: "no colors in the table (also when NO_COLOR is set or the output is not a "
          + "terminal)"
      ) { $0.color = false },
      .flag("-q", "--quiet", help: "no progress lines while grading") { $0.quiet = true },
    ],
    epilogue: """
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
        scripts/grade handout -o ~/course-2027     the learner edition, to hand out
      """
  ) { $0.showsHelp = true }

  /// `--format`'s words: a report's name, `all` or `none`.
  private static let formatWords = OptionValue<[Format]>(
    expected: "markdown, json, junit, csv, html, gradescope, all or none"
  ) { word in
    switch word {
    case "all": Format.allCases
    case "none": []
    default: Format(rawValue: word).map { [$0] }
    }
  }

  /// `--before`'s date: ISO 8601 with a time zone (`Z` or an offset).
  private static let deadline = OptionValue<Date>(
    expected: "a date and time in ISO 8601 with its time zone, like 2026-12-01T23:59:00Z"
  ) { text in
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  /// `--shard`'s I/N.
  private static let shard = OptionValue<Shard>(
    expected: "I/N, the I-th of N slices with 1 ≤ I ≤ N (for example 2/3)"
  ) { try? Shard(parsing: $0) }
}
