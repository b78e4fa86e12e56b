import Dependencies
import Foundation
import Testing

@Suite struct ContextTests {
  @Test func testsRunInTheTestContext() {
    @Dependency(\.context) var context
    #expect(context == .test)
  }

  @Test func theContextCanBeOverriddenInAScope() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.context) var context
      @Dependency(\.greeting) var greeting
      #expect(context == .preview)
      #expect(greeting == "preview")
    }
  }

  // A separate process, launched the way a UI test launches its app, with the variable set.
  @Test(arguments: [
    (["SWIFT_DEPENDENCIES_CONTEXT": "live"], "live"),
    (["SWIFT_DEPENDENCIES_CONTEXT": "preview"], "preview"),
    (["SWIFT_DEPENDENCIES_CONTEXT": "test"], "test"),
    (["XCODE_RUNNING_FOR_PREVIEWS": "1"], "preview"),
    ([:], "live"),
  ])
  func aProcessResolvesItsContextFromTheEnvironment(
    environment: [String: String], expected: String
  ) throws {
    let output = try runProbe(environment: environment)
    #expect(output.status == 0)
    #expect(output.standardOutput == "context=\(expected)\ngreeting=\(expected) greeting\n")
    #expect(output.standardError.isEmpty)
  }

  @Test func theVariableWinsOverPreviewDetection() throws {
    let output = try runProbe(environment: [
      "SWIFT_DEPENDENCIES_CONTEXT": "test", "XCODE_RUNNING_FOR_PREVIEWS": "1",
    ])
    #expect(output.standardOutput.hasPrefix("context=test\n"))
  }

  @Test func anInvalidValueIsReportedWithTheAcceptedValuesThenIgnored() throws {
    let output = try runProbe(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "staging"])
    #expect(output.status == 0)
    #expect(output.standardOutput.hasPrefix("context=live\n"))
    #expect(output.standardError.contains("SWIFT_DEPENDENCIES_CONTEXT is set to \"staging\""))
    #expect(output.standardError.contains("Accepted values: \"live\", \"preview\", \"test\""))
  }
}

struct ProbeOutput {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs `dependencies-probe` (built next to the test bundle) with `environment` added to a
/// clean environment: no test-runner variables, so only what is given decides the context.
func runProbe(environment: [String: String]) throws -> ProbeOutput {
  let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [
    buildDirectory.appendingPathComponent("dependencies-probe"),
    buildDirectory.appendingPathComponent("../../../dependencies-probe").standardized,
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "Build the probe first: swift build --product dependencies-probe")
  let process = Process()
  process.executableURL = executable
  var base = ProcessInfo.processInfo.environment.filter { key, _ in
    !key.hasPrefix("XCTest") && key != "SWIFT_DEPENDENCIES_CONTEXT"
      && key != "XCODE_RUNNING_FOR_PREVIEWS"
  }
  base.merge(environment) { $1 }
  process.environment = base
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProbeOutput(
    status: process.terminationStatus,
    standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData, as: UTF8.self))
}
