// swift-tools-version: 6.1
import PackageDescription

// The workspace's tools, Foundation only: `scripts/exercises` (the exercise pipeline),
// `scripts/grade` (the grader) and `scripts/learn` (the learner's loop) all run the `workshop`
// executable.
let package = Package(
  name: "Workshop",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "workshop", targets: ["workshop"])
  ],
  targets: [
    // Manifests, starter generation, package assembly, building and running solution tests.
    .target(name: "WorkshopKit"),
    // Grading submissions, and the reports.
    .target(name: "GraderKit", dependencies: ["WorkshopKit"]),
    // The learner's loop: progress, the lowest failing step, hints, watch mode, reset.
    .target(name: "LearnKit", dependencies: ["WorkshopKit"]),
    .executableTarget(name: "workshop", dependencies: ["WorkshopKit", "GraderKit", "LearnKit"]),
    .testTarget(name: "WorkshopKitTests", dependencies: ["WorkshopKit"]),
    .testTarget(name: "GraderKitTests", dependencies: ["GraderKit", "WorkshopKit"]),
    .testTarget(name: "LearnKitTests", dependencies: ["LearnKit", "WorkshopKit"]),
  ],
  swiftLanguageModes: [.v6]
)
