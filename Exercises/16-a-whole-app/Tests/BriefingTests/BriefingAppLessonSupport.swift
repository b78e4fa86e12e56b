import Dependencies
import Foundation
import Testing

// Running the `brief` app itself (Sources/brief/main.swift, which you do not edit) as a process
// of its own, the way you run it with `swift run brief`: its entry point is where the app
// decides its dependencies, and a fresh process is the only place where "before anything reads
// a dependency" means something.

/// What a run of `brief` printed, and how it ended.
struct LessonAppRun {
  /// The command line, as a message shows it: `brief headlines`.
  var command: String
  /// The exit status, or `nil` when the run had to be stopped.
  var status: Int32?
  /// The lines printed on standard output.
  var lines: [String]
  /// What was printed on standard error.
  var errors: String
}

/// How long a run may take, in real time, before it is stopped. In preview mode the app waits
/// for nothing, so a run takes a fraction of a second; the limit only bounds a run that waits.
let lessonAppTimeLimit: TimeInterval = 10

/// Held while a run's pipes are made and its process started, so that runs start one at a time.
///
/// On Linux, Foundation learns that a process ended when a socket the process holds is closed.
/// A process started at the same moment from another thread can inherit that socket, and the
/// pipes, before they are closed for it: the first run would then seem to last as long as the
/// second, and a quick run beside a slow one would be stopped at the time limit.
private let lessonAppLaunches = NSLock()

/// Runs `brief` (built next to the tests) with `arguments` in `context` (by default the preview
/// context: `SWIFT_DEPENDENCIES_CONTEXT=preview`), and stops it if it is still running after
/// `lessonAppTimeLimit` seconds.
func runLessonApp(_ arguments: [String], context: String = "preview") throws -> LessonAppRun {
  let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [
    buildFolder.appendingPathComponent("brief"),
    buildFolder.appendingPathComponent("../../../brief").standardized,
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "brief was not built next to the tests. Run `swift build --build-tests`, then retry.")
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XCTest") }
  environment["SWIFT_DEPENDENCIES_CONTEXT"] = context
  process.environment = environment
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  let (output, error) = try lessonAppLaunches.withLock {
    let pipes = (Pipe(), Pipe())
    process.standardOutput = pipes.0
    process.standardError = pipes.1
    try process.run()
    return pipes
  }
  // Read both pipes at once, so that neither can fill up and block the app.
  // Read on threads of their own, not on the shared pool: the tests that call this wait on a pool
  // thread, and on a machine with few cores every pool thread can be waiting so, with the read
  // queued behind them until the pool grows (about a second later).
  let outputData = LockIsolated(Data())
  let errorData = LockIsolated(Data())
  let reads = DispatchGroup()
  for (pipe, data) in [(output, outputData), (error, errorData)] {
    reads.enter()
    Thread.detachNewThread {
      data.setValue(pipe.fileHandleForReading.readDataToEndOfFile())
      reads.leave()
    }
  }
  var stopped = false
  if exited.wait(timeout: .now() + lessonAppTimeLimit) == .timedOut {
    stopped = true
    process.terminate()
    exited.wait()
  }
  reads.wait()
  let text = String(decoding: outputData.value, as: UTF8.self)
  var lines = text.components(separatedBy: "\n")
  if lines.last == "" { lines.removeLast() }
  return LessonAppRun(
    command: (["brief"] + arguments).joined(separator: " "),
    status: stopped ? nil : process.terminationStatus,
    lines: lines,
    errors: String(decoding: errorData.value, as: UTF8.self))
}

/// `line` as a message quotes it, with what may differ from run to run put in words: a UUID no
/// incrementing generator makes, and a moment other than preview mode's 07:30 UTC on
/// 2026-01-01.
func lessonShownLine(_ line: String) -> String {
  var shown = line
  let uuid = /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/
  shown.replace(uuid) { match in
    match.output.hasPrefix("00000000-0000-0000-0000-00000000")
      ? String(match.output) : "<a random UUID>"
  }
  let moment = /[0-9]{2}:[0-9]{2} UTC on [0-9]{4}-[0-9]{2}-[0-9]{2}/
  shown.replace(moment) { match in
    match.output == "07:30 UTC on 2026-01-01" ? String(match.output) : "<another moment>"
  }
  return "\"\(shown)\""
}

/// A line of standard error as a message quotes it: as ``lessonShownLine(_:)`` does, without
/// the source file's path a reported issue starts with (it depends on where the app was built).
func lessonShownErrorLine(_ line: String) -> String {
  var shown = line
  shown.replace(#/^\S*\.swift:[0-9]+(:[0-9]+)?: /#) { _ in "" }
  return lessonShownLine(shown)
}

/// Checks that `run` ended normally, printed exactly `expected` and nothing on standard error;
/// each failure says what the run did and what it printed, in stable words.
func lessonCheckRun(
  _ run: LessonAppRun, printed expected: [String], about: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let status = run.status else {
    Issue.record(
      """
      `\(run.command)` in preview mode was still running \(Int(lessonAppTimeLimit)) seconds \
      after it started, so the test stopped it: in preview mode nothing may wait real time. \
      \(about)
      """, sourceLocation: sourceLocation)
    return
  }
  // Only the first line is quoted: what follows a crash (a backtrace) differs on every run.
  let errorLines = run.errors.split(separator: "\n").map(String.init)
  let more = errorLines.count > 1 ? ", and more lines after it" : ""
  lessonCheck(
    errorLines.isEmpty,
    """
    `\(run.command)` in preview mode should print nothing on standard error, but it printed \
    \(errorLines.first.map(lessonShownErrorLine) ?? "")\(more).
    """, sourceLocation: sourceLocation)
  lessonCheck(
    status == 0,
    "`\(run.command)` in preview mode should exit with status 0, but it exited with \(status).",
    sourceLocation: sourceLocation)
  if let index = Array(zip(expected, run.lines)).firstIndex(where: { $0 != $1 }) {
    Issue.record(
      """
      Line \(index + 1) of what `\(run.command)` printed in preview mode should be \
      \(lessonShownLine(expected[index])), but it was \(lessonShownLine(run.lines[index])). \
      \(about)
      """, sourceLocation: sourceLocation)
  } else if run.lines.count != expected.count {
    let missing = run.lines.count < expected.count
    let line = missing ? expected[run.lines.count] : run.lines[expected.count]
    Issue.record(
      """
      `\(run.command)` in preview mode should print \(expected.count) line(s), but it printed \
      \(run.lines.count): \(missing ? "the first one missing is" : "the first one too many is") \
      \(lessonShownLine(line)). \(about)
      """, sourceLocation: sourceLocation)
  }
}
