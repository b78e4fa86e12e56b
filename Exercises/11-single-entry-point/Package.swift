// swift-tools-version: 6.1
// Generated from Tests/11-single-entry-point/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "11-single-entry-point",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "SingleEntryPoint",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .executableTarget(name: "PreparedApp", dependencies: ["SingleEntryPoint"]),
    .testTarget(
      name: "SingleEntryPointTests",
      dependencies: [
        "SingleEntryPoint",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
        "PreparedApp",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
