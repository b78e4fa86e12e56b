// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ConcurrencyExtras",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"])
  ],
  targets: [
    .target(name: "ConcurrencyExtras"),
    .testTarget(name: "ConcurrencyExtrasTests", dependencies: ["ConcurrencyExtras"]),
  ],
  swiftLanguageModes: [.v6]
)
