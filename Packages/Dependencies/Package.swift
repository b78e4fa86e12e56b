// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Dependencies",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Dependencies", targets: ["Dependencies"]),
    // Test targets add this one product: Swift Testing traits, fresh defaults for every XCTest
    // test method, and issue reporting that fails Swift Testing and XCTest tests.
    .library(name: "DependenciesTestSupport", targets: ["DependenciesTestSupport"]),
  ],
  dependencies: [
    .package(path: "../IssueReporting"),
    .package(path: "../ConcurrencyExtras"),
    .package(path: "../Clocks"),
    .package(path: "../Generators"),
  ],
  targets: [
    .target(
      name: "Dependencies",
      dependencies: [
        .product(name: "IssueReporting", package: "IssueReporting"),
        .product(name: "ConcurrencyExtras", package: "ConcurrencyExtras"),
        .product(name: "Clocks", package: "Clocks"),
        .product(name: "Generators", package: "Generators"),
      ]
    ),
    .target(
      name: "DependenciesTestSupport",
      dependencies: [
        "Dependencies",
        "DependenciesTestSupportLoader",
        .product(name: "IssueReportingTestSupport", package: "IssueReporting"),
      ]
    ),
    // Runs DependenciesTestSupport's registration when a test process loads.
    .target(name: "DependenciesTestSupportLoader"),
    .executableTarget(
      name: "dependencies-probe",
      dependencies: ["Dependencies"],
      path: "Tests/Probe"
    ),
    .testTarget(
      name: "DependenciesTests",
      dependencies: [
        "Dependencies",
        "DependenciesTestSupport",
        // Built so that tests can run it in a separate process with its environment set.
        "dependencies-probe",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
