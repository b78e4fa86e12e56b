import CommandLineLayer

extension ExercisesCommand {
  /// `scripts/exercises`'s command line: what it parses, its `--help` and its usage errors.
  public static let commandLine = CommandLineTool<ExercisesCommand>(
    name: "exercises", invocation: "scripts/exercises",
    commands: [
      // No command: the usage, exit status 2.
      Subcommand(nil) { command, _ in command.action = .missing },
      command(
        .list,
        "the curriculum in learning order: id, title, points, what it reimplements, the "
          + "articles to read; exercises not yet written are marked as coming"),
      command(
        .generate,
        "regenerate Exercises/<id>/ (Package.swift, starter sources, visible tests) "
          + "from Solutions/<id>/ and Tests/<id>/; prints what changed (with --check: fail if "
          + "any generated file differs from what would be generated)"),
      command(
        .check,
        "run every check: no drift; the starter builds and its visible tests fail; "
          + "the starter scores 0 and the solution 100 % on the solution tests; every decoy "
          + "fails at least one solution test, and the same tests in each of five runs; "
          + "Tests/<id>/signatures.json is up to date and tells the decoys apart, from one "
          + "another and from the starter; the mutation analysis, run again, is at 100 % and "
          + "matches Tests/<id>/mutation.json (with --recorded-mutants: the recorded "
          + "mutation.json is checked instead, as scripts/test does)"),
      command(
        .signatures,
        "run every decoy five times, as check does, and write "
          + "Tests/<id>/signatures.json: the solution tests each decoy fails, and which of "
          + "them crashed or timed out; the grader matches learners' results against it"),
      command(
        .mutants,
        "run the mutation analysis: make every mutant of the solution's learner code (an "
          + "operator, a literal or a statement changed), run the solution tests against each, "
          + "write Tests/<id>/mutation.json and print the score and every surviving mutant "
          + "(with --list: print the mutants only; with --check: check the recorded "
          + "mutation.json without running anything)"),
      command(
        .diagnoses,
        "grade a class of one learner per decoy and one per partial solution (steps 1 to k "
          + "done, every k; with --baselines, also a correct, a starter and a compile-error "
          + "learner) in .build-workshop/decoy-class/, and check that each decoy's learner, and "
          + "nobody else, is told its misunderstanding in feedback.md, results.json and "
          + "report.html, that each partial learner's next step is right, and that every "
          + "failing test's words keep the message rules (with --messages: the partial "
          + "learners only)"),
      Subcommand(
        "tables",
        abstract: "rewrite the tables of exercises in Workspace.md and Exercises/README.md, and "
          + "the results schema in Instructors.md (between their exercises-table markers) from Exercises/catalogue.json and the "
          + "manifests (with --check: fail, naming each file, if a table differs from what "
          + "would be generated)"
      ) { command, _ in command.action = .tables },
      Subcommand(
        "new", arguments: .one("ID", help: "the new exercise's id, NN-kebab-name"),
        abstract: "start exercise ID in Solutions/, Tests/, Exercises/ and the catalogue, "
          + "and print what is left to write (needs --title; --module names its module, by "
          + "default the id in UpperCamelCase)"
      ) {
        $0.action = .new
        $0.exercises = $1
      },
      Subcommand(
        "fingerprint",
        abstract: "print the fingerprint of the library under Packages/, which tells when a "
          + "reused build folder must start over (scripts/bench uses it)"
      ) { command, _ in command.action = .fingerprint },
    ],
    options: [
      .flag(
        "--check",
        help: "generate, tables: fail if a generated file or table differs from what would be "
          + "generated; mutants: fail if mutation.json is out of date or below 100 %, without "
          + "running the analysis"
      ) { $0.checkOnly = true },
      .flag("--list", help: "mutants: print every mutant, without running the tests") {
        $0.listOnly = true
      },
      .flag(
        "--no-write",
        help: "mutants: run the analysis and print the scores, but leave mutation.json as it is "
          + "(scripts/bench --mutation)"
      ) { $0.noWrite = true },
      .flag(
        "--recorded-mutants",
        help: "check: check each exercise's recorded mutation.json (as mutants --check does) "
          + "instead of running the mutation analysis again"
      ) { $0.recordedMutants = true },
      .value(
        "-j", "--jobs", "N", as: .number(atLeast: 1), default: "check 1, mutants one per core",
        help: "check: check N exercises at once; their builds take turns, their test runs "
          + "overlap; mutants: run N test processes at once (default: one per core)"
      ) { $0.jobs = $1 },
      .value("--title", "TEXT", as: .text, help: "new: the exercise's title") { $0.title = $1 },
      .value("--module", "NAME", as: .text, help: "new: the exercise's module") {
        $0.module = $1
      },
      .flag(
        "--baselines", help: "diagnoses: add the correct, starter and compile-error learners"
      ) { $0.baselines = true },
      .flag(
        "--messages", help: "diagnoses: grade the partial learners only (the message rules)"
      ) { $0.messagesOnly = true },
      .flag(
        "--write-class",
        help: "diagnoses: only write the class (for scripts/bench --grading), grade nothing"
      ) { $0.writeClassOnly = true },
      .value(
        "--class-folder", "DIR", as: .path, default: ".build-workshop/decoy-class",
        help: "diagnoses: where the class and its reports are written (two runs at once need "
          + "two folders)"
      ) { $0.classFolder = $1 },
      .value(
        "--root", "DIR", as: .path, default: "the one containing this script",
        help: "the workspace"
      ) { $0.root = $1 },
    ],
    epilogue: """
      Examples:
        scripts/exercises list
        scripts/exercises generate 02
        scripts/exercises generate --check
        scripts/exercises check
        scripts/exercises check --jobs 2
        scripts/exercises signatures 05
        scripts/exercises mutants 09
        scripts/exercises mutants --check
        scripts/exercises tables --check
        scripts/exercises new 13-try-it --title "Try it"
      """
  ) { $0.action = .help }

  /// A command that takes exercises: `check [ids]`.
  private static func command(_ action: Action, _ abstract: String) -> Subcommand<Self> {
    Subcommand(
      action.rawValue,
      arguments: .any(
        "ids", help: "exercises by id (05-context-forcing) or number (01); none means all"),
      abstract: abstract
    ) {
      $0.action = action
      $0.exercises = $1
    }
  }
}
