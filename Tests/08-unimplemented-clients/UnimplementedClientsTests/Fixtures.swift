import Dependencies
import Testing
import UnimplementedClients

// Helpers the tests share: collecting the issues an endpoint reports, and checking them.

/// One issue reported while ``issuesReported(_:)`` ran: its text and where it points.
struct ReportedIssue: Sendable {
  var message: String
  var fileID: String?
  var line: Int?

  init(_ issue: Issue) {
    message = issue.comments.map(\.rawValue).joined(separator: "\n")
    fileID = issue.sourceLocation?.fileID
    line = issue.sourceLocation?.line
  }

  /// `Unimplemented: 'WeatherClient.forecast'`, for a well-formed report.
  var firstLine: String { String(message.prefix { $0 != "\n" }) }
}

/// Runs `body` and returns the issues it reported, in order, instead of letting them fail the
/// test (it wraps Swift Testing's `withKnownIssue`).
func issuesReported(_ body: () -> Void) -> [ReportedIssue] {
  let collected = LockIsolated<[ReportedIssue]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    collected.withValue { $0.append(ReportedIssue(issue)) }
    return true
  }
  return collected.value
}

/// The async form of ``issuesReported(_:)``.
func issuesReported(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [ReportedIssue] {
  let collected = LockIsolated<[ReportedIssue]>([])
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    collected.withValue { $0.append(ReportedIssue(issue)) }
    return true
  }
  return collected.value
}

/// What an async throwing call did: its value or its error.
func outcome<T>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> T
) async -> Result<T, any Error> {
  do {
    return .success(try await operation())
  } catch {
    return .failure(error)
  }
}

/// Checks that `call` reported exactly one issue, whose first line names `endpoint`.
func expectReportedOnce(
  _ issues: [ReportedIssue],
  by endpoint: String,
  when call: String,
  fix: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = "Unimplemented: '\(endpoint)'"
  switch issues.count {
  case 0:
    Issue.record(
      """
      \(call) reported no issue. Calling an unimplemented endpoint must report exactly one, \
      whose first line is "\(expected)". \(fix)
      """, sourceLocation: sourceLocation)
  case 1:
    #expect(
      issues[0].firstLine == expected,
      """
      \(call) reported one issue, as it should, but its first line is "\(issues[0].firstLine)" \
      instead of "\(expected)". The first line comes from unimplementedEndpointMessage \
      (Step 1), given the name the endpoint was made with. \(fix)
      """, sourceLocation: sourceLocation)
  default:
    Issue.record(
      """
      \(call) reported \(issues.count) issues (\(issues.map(\.firstLine))); one call must \
      report exactly one, "\(expected)". Report inside the endpoint's closure, once per call, \
      and nowhere else. \(fix)
      """, sourceLocation: sourceLocation)
  }
}

/// Checks that `result` is the `UnimplementedFailure` an unimplemented throwing endpoint throws.
func expectUnimplementedFailure<T>(
  _ result: Result<T, any Error>,
  named endpoint: String,
  when call: String,
  fix: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = "UnimplementedFailure(description: \"\(endpoint)\")"
  switch result {
  case .success(let value):
    Issue.record(
      """
      \(call) returned \(String(reflecting: value)) instead of throwing \(expected). A throwing \
      endpoint that is not implemented must throw: a made-up value would let the code under \
      test carry on as if the call had worked. \(fix)
      """, sourceLocation: sourceLocation)
  case .failure(let error):
    #expect(
      (error as? UnimplementedFailure)?.description == endpoint,
      """
      \(call) threw \(String(reflecting: error)) instead of \(expected). \(fix)
      """, sourceLocation: sourceLocation)
  }
}

/// A forecast the tests hand to an overridden `forecast` endpoint.
func sunny(_ city: String) -> Forecast {
  Forecast(city: city, summary: "Sunny", high: 24, low: 13)
}

/// The error a test's result holds until the call it stands for has run.
struct NotCalled: Error {}
