// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Clocks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Clocks", targets: ["Clocks"])
  ],
  dependencies: [
    .package(path: "../IssueReporting"),
    .package(path: "../ConcurrencyExtras"),
  ],
  targets: [
    .target(
      name: "Clocks",
      dependencies: [
        .product(name: "IssueReporting", package: "IssueReporting"),
        .product(name: "ConcurrencyExtras", package: "ConcurrencyExtras"),
      ]
    ),
    .testTarget(
      name: "ClocksTests",
      dependencies: [
        "Clocks",
        .product(name: "IssueReporting", package: "IssueReporting"),
        .product(name: "ConcurrencyExtras", package: "ConcurrencyExtras"),
        // Makes `reportIssue` (used by UnimplementedClock and TestClock.run) fail the running
        // Swift Testing or XCTest test instead of only printing a warning.
        .product(name: "IssueReportingTestSupport", package: "IssueReporting"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
