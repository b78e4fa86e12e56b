// swift-tools-version: 6.1
import PackageDescription

// The instructor tools, Foundation only: `scripts/exercises` (the exercise pipeline) and
// `scripts/grade` (the grader) both run the `workshop` executable.
let package = Package(
  name: "Workshop",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "workshop", targets: ["workshop"])
  ],
  targets: [
    // Manifests, starter generation, package assembly, building and running solution tests.
    .target(name: "WorkshopKit"),
    // Grading submissions, and the reports.
    .target(name: "GraderKit", dependencies: ["WorkshopKit"]),
    .executableTarget(name: "workshop", dependencies: ["WorkshopKit", "GraderKit"]),
    .testTarget(name: "WorkshopKitTests", dependencies: ["WorkshopKit"]),
    .testTarget(name: "GraderKitTests", dependencies: ["GraderKit", "WorkshopKit"]),
  ],
  swiftLanguageModes: [.v6]
)
