// swift-tools-version: 6.1
// Generated from Tests/04-scoped-overrides/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "04-scoped-overrides",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "ScopedOverrides",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .testTarget(
      name: "ScopedOverridesTests",
      dependencies: [
        "ScopedOverrides",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
