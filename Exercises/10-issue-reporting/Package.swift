// swift-tools-version: 6.1
// Generated from Tests/10-issue-reporting/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "10-issue-reporting",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "IssueRouting",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .executableTarget(name: "IssueRoutingApp", dependencies: ["IssueRouting"]),
    .testTarget(
      name: "IssueRoutingTests",
      dependencies: [
        "IssueRouting",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
        "IssueRoutingApp",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
