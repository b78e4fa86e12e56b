// swift-tools-version: 6.1
import PackageDescription

// The workspace's tools, Foundation only: `scripts/learn` (the learner's loop), `scripts/grade`
// (the grader) and `scripts/exercises` (the authoring tools) all run the `workshop` executable.
// Each tool has its own module over one core.
let package = Package(
  name: "Workshop",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "workshop", targets: ["workshop"])
  ],
  targets: [
    // What every tool uses: the catalogue and manifests, exercise sources, building and running
    // an exercise's tests (in the sandbox), the results types, which step a test is in, and the
    // command-line layer.
    .target(name: "WorkshopCore"),
    // The learner's loop: progress, the lowest failing step, hints, watch mode, reset.
    .target(name: "LearnKit", dependencies: ["WorkshopCore"]),
    // Grading submissions, and the reports.
    .target(name: "GraderKit", dependencies: ["WorkshopCore"]),
    // The authoring tools: generating starters, the exercise checks, decoy signatures, the
    // decoy class, scaffolding a new exercise.
    .target(name: "AuthoringKit", dependencies: ["WorkshopCore", "GraderKit"]),
    .executableTarget(
      name: "workshop", dependencies: ["WorkshopCore", "LearnKit", "GraderKit", "AuthoringKit"]),
    .testTarget(name: "WorkshopCoreTests", dependencies: ["WorkshopCore"]),
    .testTarget(name: "LearnKitTests", dependencies: ["LearnKit", "WorkshopCore"]),
    // The grader's tests include the end-to-end runs of the decoy class (AuthoringKit).
    .testTarget(
      name: "GraderKitTests", dependencies: ["GraderKit", "WorkshopCore", "AuthoringKit"]),
    .testTarget(
      name: "AuthoringKitTests", dependencies: ["AuthoringKit", "GraderKit", "WorkshopCore"]),
  ],
  swiftLanguageModes: [.v6]
)
