// swift-tools-version: 6.1
import PackageDescription

// The instructor tools behind `scripts/exercises` (and later `scripts/grade`): Foundation only.
let package = Package(
  name: "Workshop",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "workshop", targets: ["workshop"])
  ],
  targets: [
    .target(name: "WorkshopKit"),
    .executableTarget(name: "workshop", dependencies: ["WorkshopKit"]),
    .testTarget(name: "WorkshopKitTests", dependencies: ["WorkshopKit"]),
  ],
  swiftLanguageModes: [.v6]
)
