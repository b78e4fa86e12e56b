import ConcurrencyExtras
import Foundation
import Testing

// Helpers shared by the tests. Read them if a failure message is not clear enough; you do not
// need to change them.

// MARK: - Watching issues inside a test

/// What the tests need to know about one issue recorded in a test.
struct ObservedIssue: Sendable, CustomStringConvertible {
  /// The issue's comments, e.g. `["The cart was empty."]` for `reportIssue("The cart was empty.")`.
  var comments: [String]
  /// Where the issue points, as `Module/File.swift`.
  var fileID: String?
  /// The line the issue points at.
  var line: Int?
  /// Whether this is Swift Testing's "Known issue was not recorded".
  var isKnownIssueNotRecorded: Bool

  init(_ issue: Issue) {
    comments = issue.comments.map(\.rawValue)
    fileID = issue.sourceLocation?.fileID
    line = issue.sourceLocation?.line
    if case .knownIssueNotRecorded = issue.kind {
      isKnownIssueNotRecorded = true
    } else {
      isKnownIssueNotRecorded = false
    }
  }

  /// `Module/File.swift:line`, or `nowhere`.
  var location: String {
    guard let fileID, let line else { return "nowhere" }
    return "\(fileID):\(line)"
  }

  var description: String {
    let kind = isKnownIssueNotRecorded ? "\"Known issue was not recorded\"" : "an issue"
    return "\(kind) at \(location) with comments \(comments)"
  }
}

/// Runs `body` and returns the issues it recorded in the current test, without letting them
/// fail the test: they are caught by an outer `withKnownIssue` (intermittent, so that recording
/// nothing is not a failure either).
///
/// Issues that an inner `withKnownIssue` (or your `withExpectedIssue`) already marked as known
/// are not seen here; "Known issue was not recorded" is, because it is recorded after the inner
/// one ends.
func observeIssues(_ body: () -> Void) -> [ObservedIssue] {
  let issues = LockIsolated<[ObservedIssue]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    issues.withValue { $0.append(ObservedIssue(issue)) }
    return true
  }
  return issues.value
}

/// The async form of ``observeIssues(_:)``.
func observeIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [ObservedIssue] {
  let issues = LockIsolated<[ObservedIssue]>([])
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    issues.withValue { $0.append(ObservedIssue(issue)) }
    return true
  }
  return issues.value
}

/// Some async work that reports nothing, for the async tests.
func loadReceipt() async -> String {
  await Task { "receipt" }.value
}

// MARK: - Running the app

/// What one run of `IssueRoutingApp` did.
struct AppRun: CustomStringConvertible {
  var scenario: String
  var status: Int32
  var timedOut: Bool
  var standardOutput: String
  var standardError: String

  /// The lines the app wrote on standard error (your reports).
  var errorLines: [String] {
    standardError.split(separator: "\n").map(String.init)
  }

  /// The lines the app wrote on standard output.
  var outputLines: [String] {
    standardOutput.split(separator: "\n").map(String.init)
  }

  /// The location the app announced for the call `name`, e.g. `IssueRoutingApp/main.swift:34`.
  func location(of name: String) -> String? {
    outputLines.first { $0.hasPrefix("\(name) at ") }.map { String($0.dropFirst(name.count + 4)) }
  }

  /// Lines on standard output that the app did not print itself: `<name> at <location>` and
  /// `done` are its own.
  var strayOutputLines: [String] {
    outputLines.filter { line in
      line != "done" && line.wholeMatch(of: /[a-z]+ at IssueRoutingApp\/main\.swift:[0-9]+/) == nil
    }
  }

  var description: String {
    """
    `IssueRoutingApp \(scenario)` exited with status \(status).
    standard output:
    \(standardOutput.isEmpty ? "(nothing)" : standardOutput)
    standard error:
    \(standardError.isEmpty ? "(nothing)" : shownStandardError)
    """
  }

  /// Standard error up to the runtime's crash report, if the app crashed: the report's
  /// addresses, thread numbers and timings differ from run to run, so it is left out. (The
  /// report starts with a `*** ` banner from the backtracer, or with "Current stack trace:"
  /// where it is off; the runtime's own `swift-runtime: …` notes about it may come first.)
  var shownStandardError: String {
    let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("swift-runtime: ") }
    guard
      let report = lines.firstIndex(where: {
        $0.hasPrefix("*** ") || $0.hasPrefix("Current stack trace:") || $0.hasPrefix("Stack dump:")
      })
    else {
      return lines.joined(separator: "\n")
    }
    return (lines[..<report] + ["(then the runtime's crash report, left out here)"])
      .joined(separator: "\n")
  }
}

/// Runs `IssueRoutingApp <scenario>` (built next to the tests) and returns what it did.
///
/// The app gets a copy of this process's environment; waiting is bounded, so an app that hangs
/// is stopped after a few seconds and reported as such.
func runApp(_ scenario: String) throws -> AppRun {
  let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [
    buildFolder.appendingPathComponent("IssueRoutingApp"),
    buildFolder.appendingPathComponent("../../../IssueRoutingApp").standardized,
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "IssueRoutingApp was not built next to the tests. Run `swift build --build-tests`, then retry.")

  let process = Process()
  process.executableURL = executable
  process.arguments = [scenario]
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  try process.run()

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
  let timedOut = exited.wait(timeout: .now() + 5) == .timedOut
  if timedOut {
    process.terminate()
    exited.wait()
  }
  reads.wait()
  process.waitUntilExit()
  return AppRun(
    scenario: scenario,
    status: process.terminationStatus,
    timedOut: timedOut,
    standardOutput: String(decoding: outputData.value, as: UTF8.self),
    standardError: String(decoding: errorData.value, as: UTF8.self))
}

/// The message for a run whose standard output lacks the line `<name> at …` that the app
/// prints just before the call a test checks.
func unannounced(_ name: String, _ run: AppRun) -> Comment {
  Comment(
    rawValue: """
      The app's standard output has no line "\(name) at …", which it prints just before the \
      call this test checks, so the test cannot tell where that call is: the app stopped before \
      it, or crashed and lost the output it had not written out yet.
      \(run)
      """)
}

/// Expects a run to have finished normally: exit status 0, standard output untouched.
func expectCarriedOn(
  _ run: AppRun, step: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    !run.timedOut,
    """
    `IssueRoutingApp \(run.scenario)` did not finish within 5 seconds and was stopped. \
    Reporting an issue must never wait for anything (Step \(step)).
    """,
    sourceLocation: sourceLocation)
  #expect(
    run.status == 0,
    """
    The app did not finish normally: it exited with status \(run.status), not 0. Outside \
    tests, an issue is a warning: write it and return, never crash or exit (Step \(step)).
    \(run)
    """,
    sourceLocation: sourceLocation)
  #expect(
    run.strayOutputLines.isEmpty,
    """
    The app's standard output holds lines it did not print itself: \(run.strayOutputLines). \
    Standard output belongs to the app (another program may be reading it); reports go to \
    standard error (`FileHandle.standardError`), never `print` (Step \(step)).
    """,
    sourceLocation: sourceLocation)
  #expect(
    run.status != 0 || run.outputLines.last == "done",
    """
    The app exited with status 0, but its standard output does not end with its last line, \
    "done": something ended it early. Outside tests, `reportIssue` writes its line and \
    returns, and the app carries on (Step \(step)).
    \(run)
    """,
    sourceLocation: sourceLocation)
}
