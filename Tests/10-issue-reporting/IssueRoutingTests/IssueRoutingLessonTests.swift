import IssueRouting
import Testing

// The lesson's tests, in the order of its steps. They call your functions by their module name
// (`IssueRouting.reportIssue`), so your code runs, not the library's. Run one step with
// `swift test --filter RecordingTests` (the suite names are below).

@Suite("Step 1: inside a test, reportIssue fails the test at the caller's line")
struct RecordingTests {
  @Test func recordsAnIssueWithTheMessage() {
    let issues = observeIssues {
      IssueRouting.reportIssue("The cart total is negative.")
    }
    #expect(
      issues.count == 1,
      """
      `IssueRouting.reportIssue("The cart total is negative.")` ran inside this test and \
      recorded \(issues.count) issue(s) instead of 1, so the test would not have failed. \
      Step 1: when `Test.current != nil`, record the issue with `Issue.record`.
      """)
    #expect(
      issues.map(\.comments) == [["The cart total is negative."]],
      """
      The issue should carry the message as its only comment, ["The cart total is negative."]; \
      it recorded \(issues). Step 1: pass `Comment(rawValue: message())` to `Issue.record`.
      """)
  }

  @Test func pointsAtTheCallersLine() {
    let issues = observeIssues {
      IssueRouting.reportIssue("The coupon expired yesterday.")
    }
    let line = #line - 2
    #expect(
      issues.map(\.location) == ["\(#fileID):\(line)"],
      """
      `reportIssue("The coupon expired yesterday.")` should record one issue, pointing at the \
      call, \(#fileID):\(line), so that the failure shows up next to the code that reported \
      it; it recorded \(issues.isEmpty ? "no issue" : "\(issues)"). Step 1: give \
      `Issue.record` a `SourceLocation` made from reportIssue's `fileID`, `filePath`, `line` \
      and `column` parameters: those hold the caller's location. `#fileID` or `#line` written \
      inside reportIssue would name reportIssue's own file.
      """)
  }

  @Test func failsAnAsyncTestToo() async {
    let issues = await observeIssues {
      _ = await loadReceipt()
      IssueRouting.reportIssue("The receipt is missing its total.")
    }
    let line = #line - 2
    #expect(
      issues.map(\.location) == ["\(#fileID):\(line)"],
      """
      In an async test, after an `await`, `reportIssue` should record one issue at \
      \(#fileID):\(line); it recorded \(issues.isEmpty ? "no issue" : "\(issues)"). Step 1: \
      while `Test.current` is set, record the issue with `Issue.record`, at the caller's \
      location; after an `await` the test is still the current one (`Test.current` is a \
      task-local).
      """)
  }
}

@Suite("Step 2: outside tests, reportIssue warns on standard error and carries on")
struct WarningTests {
  @Test func warnsOnStandardErrorWithTheCallersLine() throws {
    let run = try runApp("report")
    let location = try #require(run.location(of: "report"), unannounced("report", run))
    let expected = "\(location): The cart was empty at checkout."
    #expect(
      run.errorLines.contains(expected),
      """
      The app called `reportIssue("The cart was empty at checkout.")` at \(location), outside \
      any test. Its standard error should hold the line \(expected.debugDescription). Step 2: \
      when no test is running, write "<fileID>:<line>: <message>" to standard error.
      \(run)
      """)
  }

  @Test func carriesOnAndLeavesStandardOutputAlone() throws {
    let run = try runApp("report")
    #expect(
      !run.errorLines.isEmpty,
      """
      The app reported an issue outside tests, but its standard error is empty. Step 2: \
      write the report to `FileHandle.standardError`.
      \(run)
      """)
    expectCarriedOn(run, step: 2)
  }
}

@Suite("Step 3: inside a test, withExpectedIssue turns an expected issue into a pass")
struct KnownIssueTests {
  @Test func anIssueInsideIsExpected() {
    IssueRouting.withExpectedIssue("Recorded on purpose") {
      Issue.record(
        """
        This issue was recorded inside `IssueRouting.withExpectedIssue`, so it should have been \
        known and this test should pass. Step 3: inside a test, run the body with Swift \
        Testing's `withKnownIssue`.
        """)
    }
  }

  @Test func reportIssueInsideIsExpected() {
    let outside = observeIssues {
      IssueRouting.reportIssue("The card was declined.")
    }
    #expect(
      outside.count == 1,
      """
      `reportIssue` recorded \(outside.count) issue(s) outside `withExpectedIssue` instead of \
      1: finish Step 1 first.
      """)
    let inside = observeIssues {
      IssueRouting.withExpectedIssue {
        IssueRouting.reportIssue("The card was declined.")
      }
    }
    #expect(
      inside.isEmpty,
      """
      `reportIssue` inside `withExpectedIssue` should have been known, with nothing left to \
      fail the test; instead the test saw \(inside). Step 3: inside a test, run the body \
      inside `withKnownIssue`.
      """)
  }

  @Test func aMissingIssueFailsAtTheCallersLine() {
    let issues = observeIssues {
      IssueRouting.withExpectedIssue("A declined card should be reported") {}
    }
    let line = #line - 2
    #expect(
      issues.count == 1,
      """
      `withExpectedIssue` around code that reports nothing should fail the test once, with \
      "Known issue was not recorded"; the test saw \(issues.isEmpty ? "no issue" : "\(issues)"). \
      Step 3: call `withKnownIssue` with `isIntermittent` as given (false here): it records \
      that issue itself.
      """)
    #expect(
      issues.allSatisfy { $0.isKnownIssueNotRecorded },
      """
      `withExpectedIssue` around code that reports nothing should fail the test with "Known \
      issue was not recorded"; the test saw a different issue: \(issues). Step 3: call \
      `withKnownIssue` with `isIntermittent` as given (false here): it records that issue \
      itself.
      """)
    #expect(
      issues.map(\.comments) == [["A declined card should be reported"]],
      """
      The failure should carry the message given to `withExpectedIssue`, \
      ["A declined card should be reported"]; the test saw \(issues). Step 3: pass the message \
      to `withKnownIssue` as a `Comment`.
      """)
    #expect(
      issues.map(\.location) == ["\(#fileID):\(line)"],
      """
      The failure should point at the `withExpectedIssue` call, \(#fileID):\(line); the test \
      saw \(issues). Step 3: give `withKnownIssue` a `sourceLocation` made from the \
      caller's `fileID`, `filePath`, `line` and `column`.
      """)
  }

  @Test func theAsyncFormWorksToo() async {
    await IssueRouting.withExpectedIssue {
      _ = await loadReceipt()
      Issue.record(
        """
        This issue was recorded inside the async `IssueRouting.withExpectedIssue`, so it should \
        have been known. Step 3: the async form runs its body with the async `withKnownIssue`.
        """)
    }
    let issues = await observeIssues {
      await IssueRouting.withExpectedIssue("An empty receipt should be reported") {
        _ = await loadReceipt()
      }
    }
    let line = #line - 4
    #expect(
      issues.map(\.description)
        == [
          "\"Known issue was not recorded\" at \(#fileID):\(line) with comments "
            + "[\"An empty receipt should be reported\"]"
        ],
      """
      The async `withExpectedIssue` around code that reports nothing should fail the test once, \
      with "Known issue was not recorded", its message and the caller's line \(line); the test \
      saw \(issues.isEmpty ? "no issue" : "\(issues)") (Step 3).
      """)
  }
}

@Suite("Step 4: outside tests, withExpectedIssue marks issues as expected")
struct ExpectedWarningTests {
  @Test func anIssueInsideIsAnExpectedIssue() throws {
    let run = try runApp("expected")
    let location = try #require(run.location(of: "report"), unannounced("report", run))
    let expected = "\(location): expected issue: The card was declined."
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `reportIssue("The card was declined.")` ran inside `withExpectedIssue` at \
      \(location). Standard error should hold exactly one line, \(expected.debugDescription). \
      Step 4: when `ExpectedIssueScope.current` is set, `reportIssue` counts the issue and \
      writes "expected issue: " before the message; `withExpectedIssue` sets that scope \
      around its body.
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }

  @Test func aMissingIssueIsReported() throws {
    let run = try runApp("missing")
    let location = try #require(
      run.location(of: "expectation"), unannounced("expectation", run))
    let expected = "\(location): Known issue was not recorded: A declined card should be reported"
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `withExpectedIssue("A declined card should be reported") {}` at \
      \(location) saw no issue. Standard error should hold exactly one line, \
      \(expected.debugDescription). Step 4: after the body, when the scope counted nothing, \
      report "Known issue was not recorded: <message>" with `reportIssue`, at the caller's \
      location.
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }
}
