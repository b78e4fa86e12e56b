// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "IssueReporting",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    // Test targets add this one product so that reported issues reach Swift Testing and XCTest:
    //   .product(name: "IssueReportingTestSupport", package: "IssueReporting")
    .library(name: "IssueReportingTestSupport", targets: ["IssueReportingTestSupport"]),
  ],
  targets: [
    .target(name: "IssueReporting"),
    .target(
      name: "IssueReportingTestSupport",
      dependencies: ["IssueReporting", "IssueReportingTestSupportLoader"]
    ),
    .target(name: "IssueReportingTestSupportLoader"),
    .executableTarget(
      name: "issue-reporting-probe",
      dependencies: ["IssueReporting"],
      path: "Tests/Probe"
    ),
    .testTarget(
      name: "IssueReportingTests",
      dependencies: [
        "IssueReporting",
        // This one product makes reported issues fail Swift Testing and XCTest tests.
        "IssueReportingTestSupport",
        // Built so that ProbeTests can run it as a plain executable.
        "issue-reporting-probe",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
