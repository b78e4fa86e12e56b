import Foundation
import Testing

/// Runs `issue-reporting-probe`, a plain executable built from IssueReporting, and checks what
/// it prints: outside tests an issue is a line on standard error, never a crash.
@Suite struct ProbeTests {
  @Test func outsideTestsIssuesArePrintedAndTheProcessCarriesOn() throws {
    let result = try runProbe()
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("isTesting=false"))
    #expect(result.standardOutput.contains("unimplemented=7"))
    #expect(result.standardOutput.hasSuffix("done\n"))
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.contains("issue_reporting_probe/main.swift:7: Something went wrong"))
    #expect(lines.contains("issue_reporting_probe/main.swift:8: warning: Just so you know"))
    #expect(
      lines.contains("issue_reporting_probe/main.swift:10: Caught error: Failure(): while saving"))
    #expect(lines.contains("issue_reporting_probe/main.swift:13: Unimplemented: Probe.closure …"))
  }

  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The probe is built next to the test bundle (`.build/debug/`).
  func runProbe() throws -> Output {
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      buildDirectory.appendingPathComponent("issue-reporting-probe"),
      // On macOS the bundle's executable sits in `X.xctest/Contents/MacOS/`.
      buildDirectory.appendingPathComponent("../../../issue-reporting-probe").standardized,
    ]
    let executable = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "Build the probe first: swift build --product issue-reporting-probe")
    let process = Process()
    process.executableURL = executable
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("XCTest") { environment[key] = nil }
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
