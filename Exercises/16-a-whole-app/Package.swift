// swift-tools-version: 6.1
// Generated from Tests/16-a-whole-app/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "16-a-whole-app",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "Briefing",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .executableTarget(name: "brief", dependencies: ["Briefing"]),
    .testTarget(
      name: "BriefingTests",
      dependencies: [
        "Briefing",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
        "brief",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
