// swift-tools-version: 6.1
// Generated from Tests/02-dependency-keys/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "02-dependency-keys",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "DependencyKeys",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .testTarget(
      name: "DependencyKeysTests",
      dependencies: [
        "DependencyKeys",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
