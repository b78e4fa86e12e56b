import IssueReporting
import Testing
import XCTest

/// Installs the bridge from `IssueReporting` to Swift Testing and XCTest.
///
/// Called by a C constructor in `IssueReportingTestSupportLoader` when the test process loads, so
/// a test target only has to depend on this product: no code, no import.
@_cdecl("issue_reporting_test_support_register")
public func registerTestSupport() {
  TestFrameworkHooks.install(
    TestFrameworkHooks(
      currentSwiftTest: {
        Test.current.map { .init(id: $0.id, name: $0.displayName ?? $0.name) }
      },
      recordSwiftTestingIssue: { message, severity, location in
        Issue.record(
          message.map { Comment(rawValue: $0) },
          severity: severity == .warning ? .warning : .error,
          sourceLocation: location.sourceLocation)
      },
      recordSwiftTestingError: { error, message, location in
        Issue.record(
          error, message.map { Comment(rawValue: $0) }, sourceLocation: location.sourceLocation)
      },
      recordXCTestFailure: { message, file, line in
        XCTFail(message, file: file, line: line)
      },
      withKnownIssue: { message, isIntermittent, location, body in
        Testing.withKnownIssue(
          message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
          sourceLocation: location.sourceLocation, body)
      },
      withKnownIssueAsync: { message, isIntermittent, isolation, location, body in
        await Testing.withKnownIssue(
          message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
          isolation: isolation, sourceLocation: location.sourceLocation, body)
      }
    )
  )
}

extension TestFrameworkHooks.Location {
  fileprivate var sourceLocation: SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
