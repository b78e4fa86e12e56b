import Synchronization

/// The bridge from this module to the test frameworks.
///
/// `IssueReporting` never imports `Testing` or `XCTest`: an app that uses it must not link
/// either. The `IssueReportingTestSupport` module, which test targets depend on, imports both
/// and installs these hooks when the test process loads it.
package struct TestFrameworkHooks: Sendable {
  /// A source location in the shape both frameworks take.
  package struct Location: Sendable {
    package var fileID: String
    package var filePath: String
    package var line: Int
    package var column: Int

    package init(fileID: String, filePath: String, line: Int, column: Int) {
      self.fileID = fileID
      self.filePath = filePath
      self.line = line
      self.column = column
    }
  }

  /// The Swift Testing test running on this task, if any.
  package var currentSwiftTest: @Sendable () -> TestContext.Testing?
  /// Records an issue with Swift Testing.
  package var recordSwiftTestingIssue:
    @Sendable (_ message: String?, _ severity: IssueSeverity, _ location: Location) -> Void
  /// Records a thrown error with Swift Testing.
  package var recordSwiftTestingError:
    @Sendable (_ error: any Error, _ message: String?, _ location: Location) -> Void
  /// Records an XCTest failure.
  package var recordXCTestFailure:
    @Sendable (_ message: String, _ filePath: StaticString, _ line: UInt) -> Void
  /// Runs `body` inside Swift Testing's `withKnownIssue`.
  package var withKnownIssue:
    @Sendable (
      _ message: String?, _ isIntermittent: Bool, _ location: Location,
      _ body: () throws -> Void
    ) -> Void
  /// Runs `body` inside Swift Testing's async `withKnownIssue`.
  package var withKnownIssueAsync:
    @Sendable (
      _ message: String?, _ isIntermittent: Bool, _ isolation: isolated (any Actor)?,
      _ location: Location, _ body: () async throws -> Void
    ) async -> Void

  package init(
    currentSwiftTest: @escaping @Sendable () -> TestContext.Testing?,
    recordSwiftTestingIssue: @escaping @Sendable (String?, IssueSeverity, Location) -> Void,
    recordSwiftTestingError: @escaping @Sendable (any Error, String?, Location) -> Void,
    recordXCTestFailure: @escaping @Sendable (String, StaticString, UInt) -> Void,
    withKnownIssue: @escaping @Sendable (String?, Bool, Location, () throws -> Void) -> Void,
    withKnownIssueAsync:
      @escaping @Sendable (
        String?, Bool, isolated (any Actor)?, Location, () async throws -> Void
      ) async -> Void
  ) {
    self.currentSwiftTest = currentSwiftTest
    self.recordSwiftTestingIssue = recordSwiftTestingIssue
    self.recordSwiftTestingError = recordSwiftTestingError
    self.recordXCTestFailure = recordXCTestFailure
    self.withKnownIssue = withKnownIssue
    self.withKnownIssueAsync = withKnownIssueAsync
  }

  private static let installed = Mutex<TestFrameworkHooks?>(nil)
  private static let installedWitness = Atomic<UInt8>(0)

  /// The hooks the test-support module installed, or `nil` when it is not linked.
  package static var current: TestFrameworkHooks? {
    installed.withLock(witness: installedWitness) { $0 }
  }

  /// Called once by `IssueReportingTestSupport` when the test process loads.
  package static func install(_ hooks: TestFrameworkHooks) {
    installed.withLock(witness: installedWitness) { $0 = hooks }
  }
}
