// swift-tools-version: 6.1
// Generated from Tests/03-dependency-wrapper/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "03-dependency-wrapper",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "DependencyWrapper",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .testTarget(
      name: "DependencyWrapperTests",
      dependencies: [
        "DependencyWrapper",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
