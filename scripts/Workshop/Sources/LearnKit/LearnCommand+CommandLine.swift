import CommandLineLayer

extension LearnCommand {
  /// `scripts/learn`'s command line: what it parses, its `--help` and its usage errors.
  public static let commandLine = CommandLineTool<LearnCommand>(
    name: "learn", invocation: "scripts/learn",
    about: """
      Your loop through the exercises in Exercises/. It finds the first exercise, in learning \
      order, whose visible tests do not all pass, runs them, and shows only the lowest step \
      that fails: that step's failures, and the lesson's words for it.
      """,
    commands: [
      Subcommand(
        nil,
        abstract: "watch mode (needs a terminal): shows the current exercise's lowest failing "
          + "step and checks again by itself each time you save a file of the exercise. Keys: "
          + "h the next hint · l the list · n the next exercise (once this one passes) · r run "
          + "again (or Enter) · q quit"
      ) { command, _ in command.action = .watch },
      Subcommand("watch", abstract: "the same as no command: watch mode") { command, _ in
        command.action = .watch
      },
      Subcommand(
        "list",
        abstract: "every exercise with its status (not started, step k of n, visible tests "
          + "pass) and, when you have run scripts/grade, your last grade"
      ) { command, _ in command.action = .list },
      Subcommand(
        "check",
        arguments: .optional(
          "ID", help: "an exercise's id (05-context-forcing) or its number (05, or 5)"),
        abstract: "one run, with the same focused output; exit status 0 only when every "
          + "visible test passes (for editors and scripts). Without ID: the current exercise"
      ) { $0.action = .check($1.first) },
      Subcommand(
        "hint", arguments: .optional("ID"),
        abstract: "the next hint (they unlock one at a time, gentlest first, and the tool "
          + "remembers how many you have seen). Without ID: the current exercise"
      ) { $0.action = .hint($1.first) },
      Subcommand(
        "reset", arguments: .one("ID"),
        abstract: "puts the exercise back to its starter, after asking you; your files are "
          + "first copied to a dated backup folder, whose path is printed"
      ) { $0.action = .reset($1[0]) },
    ],
    options: [
      .flag("-y", "--yes", help: "reset without asking (the backup is made all the same)") {
        $0.assumeYes = true
      },
      .flag(
        "--manual",
        help: "watch mode checks again on Enter, not on save (for mounts that miss saves)"
      ) { $0.manual = true },
      .flag(
        "--no-color",
        help: "no colors (also when NO_COLOR is set, or the output is not a terminal)"
      ) { $0.color = false },
    ],
    helpWords: ["-h", "--help", "help"],
    epilogue: """
      The first check builds the library once (a minute or two); after that, a check takes about
      as long as `swift test` does after an edit. Plain `swift test` in an exercise's folder
      works too: it runs every visible test in parallel, so its failures print in no particular
      order (fix the lowest-numbered step that fails first).

      Step marks: ✔ its tests pass · ▶ the step shown, whose tests fail · ✘ a later step whose
      tests fail · – not judged: no test of that step ran, or (where you write tests) your tests
      have not met the lesson's mutants yet, which they do once every test passes.

      Files: .build-learn/ at the workspace root holds the build folder, state.json (hints seen,
      the last check of each exercise) and backups/ (never deleted by the tool).

      Exit status: 0 success (for check: every visible test passes); 1 tests fail, the code does
      not compile, or something else went wrong (the message says what); 2 a usage error, or
      watch mode without a terminal.

      Examples:
        scripts/learn                 watch mode: fix, save, read the next step
        scripts/learn list            where you are in the course
        scripts/learn check           the current exercise, once
        scripts/learn check 05        exercise 05, once (exit status 0 when it passes)
        scripts/learn hint            the next hint of the current exercise
        scripts/learn reset 05 --yes  start exercise 05 again (your files are backed up first)
      """
  ) { $0.action = .help }
}
