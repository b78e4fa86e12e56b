// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ConcurrencyExtras",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"])
  ],
  targets: [
    .target(name: "ConcurrencyExtras"),
    .testTarget(name: "ConcurrencyExtrasTests", dependencies: ["ConcurrencyExtras"]),
  ],
  swiftLanguageModes: [.v6]
)
