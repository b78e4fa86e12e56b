import Foundation

/// Whether this process is running tests.
///
/// True in the processes `swift test` starts, for Swift Testing and XCTest alike, on Linux and
/// macOS (and under Xcode and Bazel); false in an app or a command-line tool. Libraries use it to
/// pick test-friendly behaviour, such as failing a test rather than printing a warning.
///
/// ```swift
/// let store = isTesting ? InMemoryStore() : DiskStore(url: cacheURL)
/// ```
public let isTesting: Bool = ProcessDescription.current.isTesting

/// What this process's arguments and environment say about the test runner.
struct ProcessDescription: Sendable {
  var arguments: [String]
  var environment: [String: String]

  static let current = ProcessDescription(
    arguments: ProcessInfo.processInfo.arguments,
    environment: ProcessInfo.processInfo.environment
  )

  /// Whether a test runner started this process.
  var isTesting: Bool {
    let xcodeKeys = [
      "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
      "XCTestSessionIdentifier", "BAZEL_TEST",
    ]
    if xcodeKeys.contains(where: { environment[$0] != nil }) { return true }
    return arguments.contains { argument in
      let name = URL(fileURLWithPath: argument).lastPathComponent
      return argument == "--testing-library"
        || name == "swiftpm-testing-helper"
        || name == "xctest"
        || name.hasSuffix(".xctest")
    }
  }

  /// Whether this is the Swift Testing pass of `swift test`, in which `XCTFail` goes nowhere.
  var isSwiftTestingPass: Bool {
    guard let index = arguments.firstIndex(of: "--testing-library") else { return false }
    let next = arguments.index(after: index)
    return next < arguments.endIndex && arguments[next] == "swift-testing"
  }
}
