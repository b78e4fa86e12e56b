// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "DependencyClient",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "DependencyClient", targets: ["DependencyClient"])
  ],
  dependencies: [
    .package(path: "../Dependencies")
  ],
  targets: [
    .target(
      name: "DependencyClient",
      dependencies: [
        .product(name: "Dependencies", package: "Dependencies")
      ]
    ),
    .testTarget(
      name: "DependencyClientTests",
      dependencies: [
        "DependencyClient",
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
