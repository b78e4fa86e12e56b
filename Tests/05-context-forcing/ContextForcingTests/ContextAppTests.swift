import ContextForcing
import DependenciesTestSupport
import Foundation
import Testing

// These tests launch `ContextApp` (Sources/ContextApp/main.swift, which you do not edit) as a
// separate process with its environment set, the way a UI test launches an app. The app calls
// your `resolveContext`, prints `context=…`, then prints the greeting dependency's default inside
// `withContext`. Your reported issues go to its standard error.

@Suite("The app: a separate process whose environment forces its context")
struct ContextAppTests {
  @Test(arguments: ["live", "preview", "test"])
  func theAppUsesTheForcedContext(value: String) throws {
    let output = try runContextApp(environment: ["SWIFT_DEPENDENCIES_CONTEXT": value])
    #expect(output.status == 0, "ContextApp exited with status \(output.status): \(output)")
    #expect(
      output.contextLine == "context=\(value)",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=\(value), ContextApp printed \
      \(output.contextLine.debugDescription) instead of "context=\(value)". Your \
      resolveContext must return the forced context (Step 1).
      """)
    #expect(
      output.standardError.isEmpty,
      "A valid value should report nothing, but ContextApp wrote:\n\(output.standardError)")
  }

  @Test func theAppDetectsPreviews() throws {
    for (environment, expected) in [
      (["XCODE_RUNNING_FOR_PREVIEWS": "1"], "preview"), ([:], "live"),
    ] {
      let output = try runContextApp(environment: environment)
      #expect(output.status == 0, "ContextApp exited with status \(output.status): \(output)")
      #expect(
        output.contextLine == "context=\(expected)",
        """
        Launched with \(environment), ContextApp printed \
        \(output.contextLine.debugDescription) instead of "context=\(expected)" (Step 2).
        """)
    }
  }

  @Test func theAppReportsAnInvalidValueAndCarriesOn() throws {
    let output = try runContextApp(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "staging"])
    #expect(
      output.status == 0,
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=staging, ContextApp exited with status \
      \(output.status). An invalid value is reported, never a crash (Step 4).
      """)
    #expect(
      output.contextLine == "context=live",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=staging, ContextApp printed \
      \(output.contextLine.debugDescription) instead of "context=live": an invalid value is \
      ignored and the context detected as usual (Step 4).
      """)
    try expectReport(in: output, about: "staging")
  }

  @Test(arguments: ["preview", "test"])
  func theAppsFeaturesSeeItsContext(value: String) throws {
    let output = try runContextApp(environment: ["SWIFT_DEPENDENCIES_CONTEXT": value])
    let cause =
      output.contextLine == "context=\(value)"
      ? """
      Its first line, "context=\(value)", is right, so inside withContext(context), \
      defaultValue(for:) must use that context (Steps 5 to 7).
      """
      : """
      Its first line was \(output.contextLine.debugDescription), not "context=\(value)", and \
      the greeting follows the context the app resolved: your resolveContext must return the \
      forced context (Step 1).
      """
    #expect(
      output.greetingLine == "greeting=\(value) greeting",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=\(value), ContextApp printed \
      \(output.greetingLine.debugDescription) instead of "greeting=\(value) greeting". \(cause)
      """)
  }
}

// MARK: - Running the app

/// What a run of ContextApp printed.
struct AppOutput: CustomStringConvertible {
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// The first line of standard output: `context=…`.
  var contextLine: String { line(0) }
  /// The second line of standard output: `greeting=…`.
  var greetingLine: String { line(1) }

  private func line(_ index: Int) -> String {
    let lines = standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    return index < lines.count ? String(lines[index]) : ""
  }

  var description: String {
    "standard output:\n\(standardOutput)\nstandard error:\n\(standardError)"
  }
}

/// Runs ContextApp (built next to the test bundle) with `environment` added to a clean copy of
/// this process's environment: no test-runner variables and no context variables, so only what
/// a test sets decides the app's context.
func runContextApp(environment: [String: String]) throws -> AppOutput {
  let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [
    buildFolder.appendingPathComponent("ContextApp"),
    buildFolder.appendingPathComponent("../../../ContextApp").standardized,
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "ContextApp was not built next to the tests. Run `swift build --build-tests`, then retry.")
  var childEnvironment = ProcessInfo.processInfo.environment.filter { name, _ in
    !name.hasPrefix("XCTest") && name != "SWIFT_DEPENDENCIES_CONTEXT"
      && name != "XCODE_RUNNING_FOR_PREVIEWS"
  }
  childEnvironment.merge(environment) { $1 }

  let process = Process()
  process.executableURL = executable
  process.environment = childEnvironment
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  // Read both pipes at once, so that neither can fill up and block the app.
  // The error pipe is read on a thread of its own, not on the shared pool: the tests that call
  // this wait on a pool thread, and on a machine with few cores every pool thread can be waiting
  // so, with the read queued behind them until the pool grows (about a second later).
  let errorData = LockIsolated(Data())
  let errorRead = DispatchGroup()
  errorRead.enter()
  Thread.detachNewThread {
    errorData.setValue(error.fileHandleForReading.readDataToEndOfFile())
    errorRead.leave()
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  errorRead.wait()
  process.waitUntilExit()
  return AppOutput(
    status: process.terminationStatus,
    standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData.value, as: UTF8.self))
}

/// Expects the app's standard error to hold your module's report about the invalid `value`.
///
/// Outside tests, `reportIssue` prints `<module>/<file>:<line>: <message>`; the library reports
/// from `Dependencies/…`, so a report from `ContextForcing/…` can only be yours.
func expectReport(
  in output: AppOutput, about value: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let lines = output.standardError.split(separator: "\n", omittingEmptySubsequences: false)
  let start = try #require(
    lines.firstIndex { $0.hasPrefix("ContextForcing/") },
    """
    Launched with SWIFT_DEPENDENCIES_CONTEXT=\(value.debugDescription), ContextApp's standard \
    error holds no issue reported by your module (a line starting with "ContextForcing/"). \
    Step 4: resolveContext calls reportIssue(invalidContextMessage(for: value)). It wrote:
    \(output.standardError.isEmpty ? "(nothing)" : output.standardError)
    """,
    sourceLocation: sourceLocation)
  let report = lines[start...].joined(separator: "\n")
  let missing = whatIsMissing(fromMessage: report, about: value)
  #expect(
    missing.isEmpty,
    """
    ContextApp reported \(report.debugDescription); the message should \
    \(missing.joined(separator: "; ")) (Step 3).
    """,
    sourceLocation: sourceLocation)
}
