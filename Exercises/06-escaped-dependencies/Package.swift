// swift-tools-version: 6.1
// Generated from Tests/06-escaped-dependencies/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "06-escaped-dependencies",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "EscapedDependencies",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .testTarget(
      name: "EscapedDependenciesTests",
      dependencies: [
        "EscapedDependencies",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
