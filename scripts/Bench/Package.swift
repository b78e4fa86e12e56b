// swift-tools-version: 6.1
import PackageDescription

// The benchmark executable behind `scripts/bench`. Always built in release.
let package = Package(
  name: "Bench",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "../../Packages/Clocks"),
    .package(path: "../../Packages/Dependencies"),
  ],
  targets: [
    .executableTarget(
      name: "Bench",
      dependencies: [
        .product(name: "Clocks", package: "Clocks"),
        .product(name: "Dependencies", package: "Dependencies"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
