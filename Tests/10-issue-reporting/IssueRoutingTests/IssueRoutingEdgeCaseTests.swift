import ConcurrencyExtras
import IssueRouting
import Testing

// Edge cases graded beyond the lesson's tests. They follow the lesson's rules to the letter.

/// Reports through a helper that forwards its own caller's location, the way a custom check
/// does: the issue must point at the helper's caller.
private func expectPositive(
  _ amount: Int,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard amount <= 0 else { return }
  IssueRouting.reportIssue(
    "\(amount) is not positive.", fileID: fileID, filePath: filePath, line: line, column: column)
}

@Suite struct RecordingEdgeCaseTests {
  @Test func anEmptyMessageStillFailsTheTest() {
    let issues = observeIssues {
      IssueRouting.reportIssue()
    }
    let line = #line - 2
    #expect(
      issues.map(\.location) == ["\(#fileID):\(line)"],
      """
      `reportIssue()` with no message should still record one issue, at \(#fileID):\(line); \
      the test saw \(issues.isEmpty ? "no issue" : "\(issues)").
      """)
    #expect(
      issues.allSatisfy { $0.comments.allSatisfy(\.isEmpty) },
      """
      `reportIssue()` has no message, so its issue should carry no text; the test saw \(issues).
      """)
  }

  @Test func theMessageIsBuiltOnce() {
    let builds = LockIsolated(0)
    func message() -> String {
      builds.withValue { $0 += 1 }
      return "The basket is empty."
    }
    let issues = observeIssues {
      IssueRouting.reportIssue(message())
    }
    #expect(
      builds.value == 1,
      """
      `reportIssue(message())` built its message \(builds.value) time(s); it should build it \
      exactly once, whatever it does with it. Evaluate the autoclosure once and keep the \
      result.
      """)
    #expect(
      issues.map(\.comments) == [["The basket is empty."]],
      """
      `reportIssue(message())` built its message once, then recorded \
      \(issues.isEmpty ? "no issue" : "\(issues)"); it should record one issue whose only \
      comment is that message, "The basket is empty.".
      """)
  }

  @Test func eachCallPointsAtItsOwnLine() {
    let issues = observeIssues {
      IssueRouting.reportIssue("First")
      expectPositive(-3)
    }
    let line = #line - 3
    #expect(
      issues.map(\.location) == ["\(#fileID):\(line)", "\(#fileID):\(line + 1)"],
      """
      Two reports, one direct and one through a helper that forwards its caller's location, \
      should point at \(#fileID):\(line) and \(#fileID):\(line + 1); the test saw \
      \(issues.isEmpty ? "no issues" : "\(issues)"). The location parameters are the only \
      source of truth for where an issue points.
      """)
  }

  @Test func reportsFromChildTasksFailTheTest() async {
    let issues = await observeIssues {
      await Task { IssueRouting.reportIssue("From a task") }.value
      async let fromAsyncLet: Void = IssueRouting.reportIssue("From async let")
      await fromAsyncLet
    }
    #expect(
      issues.count == 2,
      """
      Reports from a `Task { }` and from an `async let` started by the test belong to the \
      test: both should be recorded, two issues in all; the test saw \
      \(issues.isEmpty ? "no issues" : "\(issues)"). Child tasks inherit `Test.current`, so \
      `reportIssue` finds the test there too.
      """)
    #expect(
      Set(issues.flatMap(\.comments)) == ["From a task", "From async let"],
      """
      Reports from a `Task { }` and from an `async let` started by the test should record the \
      comments "From a task" and "From async let"; the test saw \(issues).
      """)
  }
}

@Suite struct KnownIssueEdgeCaseTests {
  @Test func anIntermittentExpectationMayStaySilent() {
    let issues = observeIssues {
      IssueRouting.withExpectedIssue(isIntermittent: true) {}
    }
    #expect(
      issues.isEmpty,
      """
      `withExpectedIssue(isIntermittent: true) {}` may see no issue without failing the test; \
      the test saw \(issues). Pass `isIntermittent` on to `withKnownIssue`.
      """)
    IssueRouting.withExpectedIssue(isIntermittent: true) {
      Issue.record(
        """
        This issue was recorded inside `withExpectedIssue(isIntermittent: true)`, so it should \
        have been known: an intermittent expectation still absorbs the issues that do happen.
        """)
    }
  }

  @Test func aThrownErrorCountsAsTheExpectedIssue() {
    struct CardDeclined: Error {}
    let issues = observeIssues {
      IssueRouting.withExpectedIssue("Paying with an expired card") {
        throw CardDeclined()
      }
      IssueRouting.withExpectedIssue("Nothing goes wrong here") {}
    }
    let secondFailed = issues.contains { $0.comments == ["Nothing goes wrong here"] }
    let firstFailed = issues.contains { $0.comments == ["Paying with an expired card"] }
    let verdict =
      firstFailed
      ? """
      The first call failed the test, so the error its body threw did not count as the \
      expected issue: let `withKnownIssue` catch it rather than swallowing it first.
      """
      : secondFailed
        ? "Each call should record nothing but what it is expected to."
        : """
        The second call did not fail the test: inside a test, `withExpectedIssue` is \
        `withKnownIssue`, which records "Known issue was not recorded" when its body reports \
        nothing.
        """
    #expect(
      issues.map(\.comments) == [["Nothing goes wrong here"]],
      """
      Of two `withExpectedIssue` calls, one whose body throws and one whose body does nothing, \
      only the second should fail the test (with "Known issue was not recorded"); the test saw \
      \(issues.isEmpty ? "no issue" : "\(issues)"). \(verdict)
      """)
  }
}

@Suite struct AppEdgeCaseTests {
  @Test func anEmptyMessageWarnsIssueReported() throws {
    let run = try runApp("no-message")
    let location = try #require(run.location(of: "report"), unannounced("report", run))
    let expected = "\(location): Issue reported"
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `reportIssue()` with no message should write exactly \
      \(expected.debugDescription) to standard error.
      \(run)
      """)
    expectCarriedOn(run, step: 2)
  }

  @Test func theExpectationEndsWithItsBody() throws {
    let run = try runApp("after-expected")
    let inside = try #require(run.location(of: "expected"), unannounced("expected", run))
    let after = try #require(run.location(of: "report"), unannounced("report", run))
    let expected = [
      "\(inside): expected issue: The card was declined.",
      "\(after): The receipt could not be printed.",
    ]
    #expect(
      run.errorLines == expected,
      """
      Outside tests, a report inside `withExpectedIssue` is an expected issue, and a report \
      after it returned is an ordinary warning again. Standard error should be \(expected) \
      (the run is below). `withExpectedIssue` sets its scope as the task-local for the \
      duration of the body only, and `reportIssue` writes "expected issue: " while one is set.
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }

  @Test func aMissingIssueWithoutAMessage() throws {
    let run = try runApp("missing-no-message")
    let location = try #require(run.location(of: "expectation"), unannounced("expectation", run))
    let expected = "\(location): Known issue was not recorded"
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `withExpectedIssue {}` (no message) that saw no issue should write exactly \
      \(expected.debugDescription): without a message, nothing follows "recorded".
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }

  @Test func anIntermittentExpectationOutsideTests() throws {
    let run = try runApp("intermittent")
    let location = try #require(run.location(of: "report"), unannounced("report", run))
    let expected = "\(location): expected issue: The printer is offline."
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `withExpectedIssue(isIntermittent: true) {}` may see no issue and should \
      write nothing, while the same expectation around `reportIssue("The printer is offline.")` \
      should write exactly \(expected.debugDescription).
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }

  @Test func aThrownErrorIsTheExpectedIssueOutsideTests() throws {
    let run = try runApp("throws")
    let location = try #require(run.location(of: "expectation"), unannounced("expectation", run))
    let expected =
      "\(location): expected issue: Caught error: CardDeclined(): Paying with an expired card"
    #expect(
      run.errorLines == [expected],
      """
      Outside tests, `withExpectedIssue("Paying with an expired card") { throw CardDeclined() }` \
      should report the error inside the expectation, at the caller's location, and nothing \
      else: exactly \(expected.debugDescription).
      \(run)
      """)
    expectCarriedOn(run, step: 4)
  }

  @Test func theAsyncFormOutsideTests() throws {
    let expectedRun = try runApp("async-expected")
    let report = try #require(
      expectedRun.location(of: "report"), unannounced("report", expectedRun))
    #expect(
      expectedRun.errorLines == ["\(report): expected issue: The receipt was empty."],
      """
      Outside tests, `reportIssue` inside the async `withExpectedIssue`, after an `await`, \
      should write exactly "\(report): expected issue: The receipt was empty.". The async form \
      sets its scope around the whole body, every `await` included, and `reportIssue` writes \
      "expected issue: " while one is set.
      \(expectedRun)
      """)
    expectCarriedOn(expectedRun, step: 4)

    let missingRun = try runApp("async-missing")
    let expectation = try #require(
      missingRun.location(of: "expectation"), unannounced("expectation", missingRun))
    let expected =
      "\(expectation): Known issue was not recorded: An empty receipt should be reported"
    #expect(
      missingRun.errorLines == [expected],
      """
      Outside tests, the async `withExpectedIssue` that saw no issue should write exactly \
      \(expected.debugDescription).
      \(missingRun)
      """)
    expectCarriedOn(missingRun, step: 4)

    let throwingRun = try runApp("async-throws")
    let throwing = try #require(
      throwingRun.location(of: "expectation"), unannounced("expectation", throwingRun))
    let caught =
      "\(throwing): expected issue: Caught error: CardDeclined(): Paying after the card expired"
    #expect(
      throwingRun.errorLines == [caught],
      """
      Outside tests, the async `withExpectedIssue("Paying after the card expired")` whose body \
      throws `CardDeclined()` after an `await` should report the error inside the expectation, \
      as the sync form does: exactly \(caught.debugDescription).
      \(throwingRun)
      """)
    expectCarriedOn(throwingRun, step: 4)
  }
}

@Suite struct FullPathEdgeCaseTests {
  /// The full file paths that the issues `body` records point at.
  private func filePaths(_ body: () -> Void) -> [String] {
    let paths = LockIsolated<[String]>([])
    withKnownIssue(isIntermittent: true) {
      body()
    } matching: { issue in
      paths.withValue { $0.append(issue.sourceLocation?.filePath ?? "nowhere") }
      return true
    }
    return paths.value
  }

  @Test func anIssuePointsAtTheFullPathOfTheCall() {
    let paths = filePaths { IssueRouting.reportIssue("Where was this reported?") }
    #expect(
      paths == [#filePath],
      """
      `reportIssue` in a test should record one issue pointing at the full path of the file \
      of the call, \(#filePath); the issues pointed at \(paths). Pass `filePath` on as it \
      came, as you do `fileID`.
      """)
  }

  @Test func anExpectedIssueThatNeverCamePointsAtTheFullPathOfTheCall() async {
    let paths = filePaths { IssueRouting.withExpectedIssue {} }
    #expect(
      paths == [#filePath],
      """
      `withExpectedIssue {}` in a test, with nothing reported inside, should record "Known \
      issue was not recorded" pointing at the full path of the file of the call, \
      \(#filePath); the issues pointed at \(paths). Pass `filePath` on as it came.
      """)
    // An async body, so that the async form is the one called.
    @Sendable func nothingToReport() async {}
    let asyncPaths = LockIsolated<[String]>([])
    await withKnownIssue(isIntermittent: true) {
      await IssueRouting.withExpectedIssue { await nothingToReport() }
    } matching: { issue in
      asyncPaths.withValue { $0.append(issue.sourceLocation?.filePath ?? "nowhere") }
      return true
    }
    #expect(
      asyncPaths.value == [#filePath],
      """
      The async `withExpectedIssue {}` in a test, with nothing reported inside, should record \
      "Known issue was not recorded" pointing at the full path of the file of the call, \
      \(#filePath); the issues pointed at \(asyncPaths.value). Pass `filePath` on as it came.
      """)
  }
}
