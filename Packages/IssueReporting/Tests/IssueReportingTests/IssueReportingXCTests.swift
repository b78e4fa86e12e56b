import IssueReporting
import XCTest

/// Proves that `reportIssue` reaches XCTest when an XCTest test is running.
///
/// XCTest on Linux has no `XCTExpectFailure`, so this case captures its own failures by overriding
/// `recordFailure`: a failure that arrives is checked and swallowed, and a test whose expected
/// failure never arrives fails for real.
final class IssueReportingXCTests: XCTestCase {
  private var captured: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if capturing {
      captured.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  private func capture(_ body: () -> Void) -> [String] {
    capturing = true
    body()
    capturing = false
    defer { captured = [] }
    return captured
  }

  func testReportIssueFailsTheXCTestTest() {
    let failures = capture { reportIssue("Reached XCTest") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("Reached XCTest") == true, "\(failures)")
  }

  func testReportedErrorFailsTheXCTestTest() {
    struct Failure: Error {}
    let failures = capture { reportIssue(Failure(), "while saving") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("Caught error: Failure(): while saving") == true, "\(failures)")
  }

  func testUnimplementedFailsTheXCTestTest() {
    let endpoint: @Sendable (Int) -> Int = unimplemented("Client.value", placeholder: 1)
    var value = 0
    let failures = capture { value = endpoint(5) }
    XCTAssertEqual(value, 1)
    XCTAssertTrue(failures.first?.contains("Unimplemented: Client.value") == true, "\(failures)")
  }

  func testWarningDoesNotFailTheXCTestTest() {
    let failures = capture { reportIssue("Only a warning", severity: .warning) }
    XCTAssertEqual(failures, [])
  }

  func testContextIsXCTest() {
    XCTAssertEqual(TestContext.current, .xcTest)
    XCTAssertTrue(isTesting)
  }

  func testExpectedIssueAbsorbsReportedIssues() {
    let failures = capture {
      withExpectedIssue { reportIssue("Expected here") }
    }
    XCTAssertEqual(failures, [])
  }
}
