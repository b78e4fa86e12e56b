import CommandLineLayer
import ExerciseEngine
import ExerciseModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `scripts/learn`: parses the command line and runs one of the learner's commands.
///
/// ```swift
/// let command = try LearnCommand.parse(["check", "05"], root: root)
/// exit(command.run(io: .standard))
/// ```
public struct LearnCommand: Sendable {
  /// `scripts/learn`'s usage: its `--help` text.
  public static var usage: String { commandLine.help }

  /// What to do.
  public enum Action: Sendable, Equatable {
    case watch
    case list
    case check(String?)
    case hint(String?)
    case reset(String)
    case help
  }

  public var action: Action
  /// The workspace (the folder holding `Exercises/`).
  public var root: URL
  /// False with `--no-color`.
  public var color = true
  /// `--yes`: reset without asking.
  public var assumeYes = false
  /// `--manual`: watch mode runs when the learner presses Enter, not on saves.
  public var manual = false

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String], root: URL) throws(UsageError) -> LearnCommand {
    try commandLine.parse(arguments, into: LearnCommand(action: .watch, root: root))
  }

  /// Where the command's text goes, and what it knows about the terminal.
  public struct IO: Sendable {
    /// Writes to standard output (no newline added).
    public var out: @Sendable (String) -> Void
    /// Writes to standard error (no newline added).
    public var err: @Sendable (String) -> Void
    /// Reads the answer to a question (reset's confirmation); nil at the end of input.
    public var readLine: @Sendable () -> String?
    /// Whether standard output (and input, for watch mode) are a terminal.
    public var isTerminal: Bool
    /// Whether standard error is a terminal (progress then updates in place).
    public var errorIsTerminal: Bool

    public init(
      out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
      readLine: @escaping @Sendable () -> String? = { nil }, isTerminal: Bool = false,
      errorIsTerminal: Bool = false
    ) {
      self.out = out
      self.err = err
      self.readLine = readLine
      self.isTerminal = isTerminal
      self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output, error and input.
    public static var standard: IO {
      IO(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) },
        readLine: { Swift.readLine() },
        isTerminal: isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1,
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }
  }

  /// Runs the command; returns the exit status.
  public func run(io: IO) -> Int32 {
    let workspace = LearnerWorkspace(root: root)
    let style = Style(color: Style.wantsColor(flag: color, isTerminal: io.isTerminal))
    do {
      switch action {
      case .help:
        io.out(Self.usage + "\n")
        return 0
      case .watch:
        return try watch(workspace, io: io, style: style)
      case .list:
        // Exercises edited since their last check are checked again, so every status is true.
        let printer = progressPrinter(io)
        for id in workspace.presentIDs() where workspace.status(of: id) == .edited {
          _ = try workspace.check(id, progress: { printer(id, $0) })
        }
        let current = try workspace.current(progress: printer)
        let lines = LearnerScreen.list(
          workspace: workspace, current: current, grades: LastGrade.read(root: root), style: style)
        io.out(lines.joined(separator: "\n") + "\n")
        let progress = CourseProgress(workspace: workspace, current: current)
        io.out(
          "\n" + progress.bar(style: style)
            + (current.map { ". Next: \($0) (scripts/learn, or scripts/learn check)." } ?? ".")
            + "\n")
        return 0
      case .check(let name):
        guard let id = try exercise(named: name, in: workspace, io: io) else {
          io.out(
            style.green("✔") + " The visible tests of every exercise pass. "
              + workspace.whenAllPass + "\n")
          return 0
        }
        let printer = progressPrinter(io)
        let report = try workspace.check(id, progress: { printer(id, $0) })
        let lines = LearnerScreen.focused(
          report,
          course: CourseProgress(workspace: workspace, current: id, currentPasses: report.passes),
          style: style)
        io.out(lines.joined(separator: "\n") + "\n")
        return report.passes ? 0 : 1
      case .hint(let name):
        guard let id = try exercise(named: name, in: workspace, io: io) else {
          io.out("Every exercise passes: no hint needed. scripts/learn hint ID shows one anyway.\n")
          return 0
        }
        // The hints of the step the learner is on: the lowest with a failing visible test.
        let printer = progressPrinter(io)
        let step = try workspace.hintStep(id) {
          try workspace.check(id, progress: { printer(id, $0) })
        }
        let hint = try workspace.nextHint(id, step: step)
        io.out(
          style.yellow("Hint \(hint.number) of \(hint.total)")
            + (hint.step.map { " for Step \($0) of \(id)" } ?? " for \(id)")
            + (hint.wasAlreadySeen ? " (you have seen them all; this is the last one)" : "")
            + ":\n  " + hint.text + "\n")
        if !hint.wasAlreadySeen, hint.number < hint.total {
          io.out(style.dim("scripts/learn hint again for hint \(hint.number + 1).") + "\n")
        }
        return 0
      case .reset(let name):
        let id = try workspace.resolve(name)
        if !assumeYes {
          io.out(
            "Reset \(id) to its starter? Your files in Exercises/\(id)/ are copied to a backup "
              + "first. [y/N] ")
          let answer = io.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
          // A terminal echoes the answer and its Return; piped input does not.
          if !io.isTerminal { io.out("\n") }
          guard answer == "y" || answer == "yes" else {
            io.out(
              "Not reset: nothing changed. (Answer y to reset, or add --yes to skip the "
                + "question.)\n")
            return 1
          }
        }
        let backup = try ExerciseReset.reset(
          id, layout: workspace.layout,
          backups: workspace.checker.work.appendingPathComponent("backups"))
        if let backup {
          io.out("Your files are backed up in \(backup.path)\n")
        }
        io.out("\(id) is back to its starter. scripts/learn check \(id.prefix(2)) shows Step 1.\n")
        return 0
      }
    } catch let error as UsageError {
      io.err("\(error)\n")
      return UsageError.exitStatus
    } catch is LearnerCheck.Cancelled {
      return 130
    } catch {
      io.err("learn: \(error)\n")
      return 1
    }
  }

  /// The exercise `name` names, or the current one; nil when none is current (all pass).
  private func exercise(named name: String?, in workspace: LearnerWorkspace, io: IO) throws
    -> String?
  {
    if let name {
      do {
        let id = try workspace.resolve(name)
        if case .missing = workspace.status(of: id) {
          throw WorkshopError(
            "Exercises/\(id)/ does not exist. `scripts/learn reset \(id)` puts its starter there.")
        }
        return id
      } catch let error as WorkshopError {
        throw Self.commandLine.usageError(error.description)
      }
    }
    return try workspace.current(progress: progressPrinter(io))
  }

  /// Prints build progress on standard error: one line that updates in place on a terminal,
  /// otherwise a line when a build starts.
  func progressPrinter(_ io: IO) -> (String, LearnerCheck.Progress) -> Void {
    let printed = LockedSet()
    let started = Date()
    return { id, progress in
      switch progress {
      case .building(let first, let detail):
        let text = first ? "learn: building \(id) for the first time" : "learn: building \(id)"
        // Said once, on a line of its own: the progress line below stays one row.
        if first, printed.insert("first \(id)") {
          io.err(
            (io.errorIsTerminal ? "\r\u{1B}[K" : "")
              + "learn: the first build compiles the library, once for every exercise: a minute "
              + "or two.\n")
        }
        if io.errorIsTerminal {
          let seconds = Date().timeIntervalSince(started)
          let line =
            text + (detail.map { ": " + BuildProgressText.describe($0, seconds: seconds) } ?? "…")
          io.err("\r\u{1B}[K" + String(line.prefix(BuildProgressText.lineWidth)))
        } else if printed.insert(id) {
          io.err(text + "…\n")
        }
      case .testing:
        if io.errorIsTerminal { io.err("\r\u{1B}[K") }
      }
    }
  }

  // MARK: Watch mode

  private func watch(_ workspace: LearnerWorkspace, io: IO, style: Style) throws -> Int32 {
    guard io.isTerminal, let keys = TerminalKeys() else {
      io.err(
        "learn: watch mode needs a terminal (it reads your keys and redraws the screen), and "
          + "this is not one. For one run, use scripts/learn check (exit status 0 when every "
          + "visible test passes); scripts/learn --help lists the commands.\n")
      return 2
    }
    let events = WatchEventQueue()
    let signals = [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { events.post(.terminated) }
      source.resume()
      return source
    }
    keys.enable(posting: events)
    io.out("\u{1B}[?25l")
    defer {
      keys.restore()
      io.out("\u{1B}[?25h\nlearn: stopped watching. Run scripts/learn to go on.\n")
      for source in signals { source.cancel() }
    }
    let files = manual ? nil : systemFileChangeSource()
    let session = WatchSession(workspace: workspace, events: events, files: files, style: style) {
      io.out("\u{1B}[H\u{1B}[2J" + $0 + "\n")
    }
    try session.run()
    return 0
  }
}
