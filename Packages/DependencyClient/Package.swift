// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "DependencyClient",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
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
