import Dependencies
import Foundation
import Testing

// These tests launch `PreparedApp` (Sources/PreparedApp/main.swift, which you do not edit) as a
// separate process: an app's entry point is where prepareDependencies belongs, and a fresh
// process is the only place where "before anything reads a dependency" can be tried for real.
// The app's first argument picks what its entry point does; it prints `server=…`. Your reported
// issues go to its standard error as `<file>:<line>: <message>`.

@Suite("Step 5: the app's entry point")
struct PreparedAppTests {
  @Test func theAppUsesWhatItsEntryPointPrepared() throws {
    let unprepared = try runPreparedApp("unprepared")
    let prepared = try runPreparedApp("prepared")
    #expect(
      unprepared.standardOutput == "server=https://api.example.com\n",
      """
      Run without a preparation, the app should print the live server, \
      "server=https://api.example.com", read with DependencyDefaults.value(for:) (Step 1). The \
      app said:
      \(unprepared)
      """)
    #expect(
      prepared.standardOutput == "server=https://staging.example.com\n",
      """
      Prepared with the staging server, the app should print \
      "server=https://staging.example.com": the prepared value becomes the default that every \
      read gets (Steps 2 and 3). The app said:
      \(prepared)
      """)
    #expect(
      prepared.status == 0,
      "Prepared in time, the app should exit normally. The app said:\n\(prepared)")
    #expect(
      prepared.standardError.isEmpty,
      "A preparation in time reports nothing, but the app wrote to standard error:\n\(prepared)")
  }

  @Test func aLatePreparationIsReportedAtTheAppsLine() throws {
    let late = try runPreparedApp("late")
    #expect(
      late.standardOutput
        == "server=https://api.example.com\nserver=https://api.example.com\n",
      """
      The app read the server, then prepared it: both reads should print the live server, \
      because the first read decided it (Step 4). It printed \
      \(late.standardOutput.debugDescription).
      """)
    #expect(late.status == 0, "A late preparation is a warning, not a crash. \(late)")
    let reports = late.standardError.split(separator: "\n").filter {
      $0.hasPrefix("PreparedApp/main.swift:") && $0.contains("'ServerKey' was already read")
    }
    #expect(
      reports.count == 1,
      """
      The app's standard error should hold one report that starts with the app's own \
      location ("PreparedApp/main.swift:<line>:", the call to prepareDependencies) and says \
      that 'ServerKey' was already read (Step 4). It wrote:
      \(late.standardError.isEmpty ? "(nothing)" : late.standardError)
      """)
  }
}

// MARK: - Running the app

/// What a run of PreparedApp printed.
struct AppOutput: CustomStringConvertible {
  var status: Int32
  var standardOutput: String
  var standardError: String

  var description: String {
    "exit status \(status)\nstandard output:\n\(standardOutput)\nstandard error:\n\(standardError)"
  }
}

/// Runs PreparedApp (built next to the test bundle) with `scenario` as its argument.
func runPreparedApp(_ scenario: String) throws -> AppOutput {
  let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [
    buildFolder.appendingPathComponent("PreparedApp"),
    buildFolder.appendingPathComponent("../../../PreparedApp").standardized,
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "PreparedApp was not built next to the tests. Run `swift build --build-tests`, then retry.")
  let process = Process()
  process.executableURL = executable
  process.arguments = [scenario]
  process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XCTest") }
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
