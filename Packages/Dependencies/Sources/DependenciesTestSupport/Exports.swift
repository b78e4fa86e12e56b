// A test target that depends on DependenciesTestSupport gets `Dependencies` too. Linking this
// module also links IssueReportingTestSupport, which makes reported issues fail Swift Testing
// and XCTest tests.
@_exported public import Dependencies
