import IssueReporting

// A plain executable built from IssueReporting: tests run it to check that reporting outside
// tests prints `file:line: message` to standard error, never crashes, and that `isTesting` is
// false here.
print("isTesting=\(isTesting)")
reportIssue("Something went wrong")
reportIssue("Just so you know", severity: .warning)
struct Failure: Error {}
reportIssue(Failure(), "while saving")
let value: Int? = withErrorReporting { () throws -> Int in throw Failure() }
print("withErrorReporting=\(value.map(String.init) ?? "nil")")
let closure: @Sendable (Int, String) -> Int = unimplemented("Probe.closure", placeholder: 7)
print("unimplemented=\(closure(1, "two"))")
print("done")
