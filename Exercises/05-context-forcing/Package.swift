// swift-tools-version: 6.1
// Generated from Tests/05-context-forcing/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "05-context-forcing",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "ContextForcing",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .executableTarget(name: "ContextApp", dependencies: ["ContextForcing"]),
    .testTarget(
      name: "ContextForcingTests",
      dependencies: [
        "ContextForcing",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
        "ContextApp",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
