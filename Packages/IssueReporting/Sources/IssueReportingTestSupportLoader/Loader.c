// Runs when a test process loads, before any test: it installs the bridge that lets
// IssueReporting record issues with Swift Testing and XCTest. The function is defined in Swift
// (IssueReportingTestSupport/Registration.swift) and linked into the same test executable.
extern void issue_reporting_test_support_register(void);

__attribute__((constructor)) static void issue_reporting_test_support_load(void) {
  issue_reporting_test_support_register();
}
