#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension IssueReporter where Self == DefaultReporter {
  /// The reporter in ``IssueReporters/current`` unless you change it.
  ///
  /// - In a Swift Testing test: records an issue on that test.
  /// - In an XCTest test: records a failure (warnings are printed instead).
  /// - Outside tests: prints `file:line: message` to standard error. It never crashes.
  public static var `default`: Self { DefaultReporter() }
}

/// The reporter behind ``IssueReporter/default``.
///
/// In a test process it needs `IssueReportingTestSupport` linked into the test target to reach
/// Swift Testing; without it, it falls back to XCTest's `XCTFail` when XCTest is running, and
/// otherwise prints the issue with a note saying which dependency to add.
public struct DefaultReporter: IssueReporter {
  /// Makes the default reporter; ``IssueReporter/default`` is the shorter spelling.
  ///
  /// ```swift
  /// IssueReporters.current = [.default, AnalyticsReporter()]
  /// ```
  public init() {}

  /// Sends the issue where it is seen: to the running Swift Testing test, to the running XCTest
  /// test, or to standard error as `fileID:line: message` outside tests.
  ///
  /// In an XCTest test a ``IssueSeverity/warning`` is printed rather than recorded, because
  /// XCTest has no warnings. Outside tests a warning's line says `warning:`.
  ///
  /// - Parameters:
  ///   - message: The text of the issue; `nil` prints as "Issue reported".
  ///   - severity: ``IssueSeverity/error`` fails the test; ``IssueSeverity/warning`` does not.
  ///   - fileID: The file that reported the issue, as `#fileID` spells it; printed outside tests.
  ///   - filePath: The full path of that file, where the test frameworks show the issue.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message()
    let location = TestFrameworkHooks.Location(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    switch Destination.current {
    case .swiftTesting(let hooks):
      hooks.recordSwiftTestingIssue(message, severity, location)
    case .xcTest(let fail):
      if severity == .warning {
        printToStandardError("\(fileID):\(line): warning: \(message ?? "Issue reported")")
      } else {
        fail(message ?? "", filePath, line)
      }
    case .unreachableTest:
      printToStandardError(
        "\(fileID):\(line): \(message ?? "Issue reported")\n\(Destination.missingSupportNote)")
    case .standardError:
      let prefix = severity == .warning ? "warning: " : ""
      printToStandardError("\(fileID):\(line): \(prefix)\(message ?? "Issue reported")")
    }
  }

  /// Sends a thrown error where it is seen: in a Swift Testing test it is recorded as that error
  /// (so `withKnownIssue`'s `matching:` can inspect it); elsewhere it is reported as the message
  /// `Caught error: <error>: <message>`.
  ///
  /// - Parameters:
  ///   - error: The error that was caught.
  ///   - message: Text the caller added to explain the error, or `nil`.
  ///   - fileID: The file that reported the error, as `#fileID` spells it.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message()
    if case .swiftTesting(let hooks) = Destination.current {
      hooks.recordSwiftTestingError(
        error, message,
        .init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return
    }
    reportIssue(
      caughtErrorMessage(error, message), severity: .error, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Prints an expected issue as `fileID:line: expected issue: message` on standard error when
  /// no test is running, so a program that calls `withExpectedIssue` shows what it absorbed; in a
  /// test process it does nothing.
  ///
  /// - Parameters:
  ///   - message: The text of the issue; `nil` prints as "Issue reported".
  ///   - fileID: The file that reported the issue, as `#fileID` spells it.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  public func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    guard !isTesting else { return }
    printToStandardError("\(fileID):\(line): expected issue: \(message() ?? "Issue reported")")
  }
}

/// Where the default reporter sends an issue right now.
private enum Destination {
  case swiftTesting(TestFrameworkHooks)
  case xcTest(@Sendable (String, StaticString, UInt) -> Void)
  case unreachableTest
  case standardError

  static var current: Destination {
    guard isTesting else { return .standardError }
    let process = ProcessDescription.current
    if let hooks = TestFrameworkHooks.current {
      if process.isSwiftTestingPass || hooks.currentSwiftTest() != nil {
        return .swiftTesting(hooks)
      }
      return .xcTest(hooks.recordXCTestFailure)
    }
    if !process.isSwiftTestingPass, let fail = dynamicXCTFail {
      return .xcTest(fail)
    }
    return .unreachableTest
  }

  static let missingSupportNote = """
    This issue could not fail the test: the test target does not link IssueReportingTestSupport.
    Add it to the test target's dependencies in Package.swift:
      .product(name: "IssueReportingTestSupport", package: "IssueReporting")
    (or "DependenciesTestSupport", which brings it along).
    """

  /// `XCTFail`, looked up at run time so that this module never links XCTest.
  static let dynamicXCTFail: (@Sendable (String, StaticString, UInt) -> Void)? = {
    guard
      let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    else { return nil }
    typealias XCTFail = @convention(thin) (String, StaticString, UInt) -> Void
    let fail = unsafeBitCast(symbol, to: XCTFail.self)
    return { message, file, line in fail(message, file, line) }
  }()
}
