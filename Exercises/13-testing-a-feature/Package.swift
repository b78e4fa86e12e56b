// swift-tools-version: 6.1
// Generated from Tests/13-testing-a-feature/exercise.json by `scripts/exercises generate`.
// Do not edit: grading uses its own copy of this file.
import PackageDescription

let package = Package(
  name: "13-testing-a-feature",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Dependencies")
  ],
  targets: [
    .target(
      name: "Noticeboard",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    .testTarget(
      name: "NoticeboardTests",
      dependencies: [
        "Noticeboard",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
