// swift-tools-version: 6.1
import PackageDescription

// The workspace's tools, Foundation only: `scripts/learn` (the learner's loop), `scripts/grade`
// (the grader) and `scripts/exercises` (the authoring tools) all run the `workshop` executable.
// Each tool has a thin module of its own over the model, mutation and engine modules.
let package = Package(
  name: "Workshop",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "workshop", targets: ["workshop"])
  ],
  targets: [
    // The command-line layer: commands, options, arguments, help text.
    .target(name: "CommandLineLayer"),
    // The exercise model: the catalogue and manifests, an exercise's sources and starters, lesson
    // steps, the results schema, the workspace's layout.
    .target(name: "ExerciseModel"),
    // Mutation analysis of an exercise's feature: finding mutants, their schemata and records.
    .target(name: "Mutation", dependencies: ["ExerciseModel"]),
    // The engine: assemble, build, run in the sandbox, results from the event stream; mutant
    // libraries and the grading of a learner's suite. One façade, `Engine`, per work folder.
    .target(name: "ExerciseEngine", dependencies: ["ExerciseModel", "Mutation"]),
    // The learner's loop: progress, the lowest failing step, hints, watch mode, reset.
    .target(
      name: "LearnKit",
      dependencies: ["CommandLineLayer", "ExerciseModel", "Mutation", "ExerciseEngine"]),
    // Grading submissions, and the reports.
    .target(
      name: "GraderKit",
      dependencies: ["CommandLineLayer", "ExerciseModel", "Mutation", "ExerciseEngine"]),
    // The authoring tools: generating starters, the author checks, decoy signatures, the decoy
    // class, scaffolding a new exercise.
    .target(
      name: "AuthoringKit",
      dependencies: [
        "CommandLineLayer", "ExerciseModel", "Mutation", "ExerciseEngine", "GraderKit",
      ]),
    .executableTarget(
      name: "workshop",
      dependencies: ["CommandLineLayer", "LearnKit", "GraderKit", "AuthoringKit"]),
    // What the tools' test suites share: a fixture workspace, classes of learners, hostile
    // sources.
    .target(
      name: "WorkshopFixtures", dependencies: ["ExerciseModel", "Mutation", "ExerciseEngine"],
      path: "Tests/WorkshopFixtures"),
    .testTarget(name: "CommandLineLayerTests", dependencies: ["CommandLineLayer"]),
    .testTarget(name: "ExerciseModelTests", dependencies: ["ExerciseModel"]),
    .testTarget(name: "MutationTests", dependencies: ["Mutation", "ExerciseModel"]),
    .testTarget(
      name: "ExerciseEngineTests",
      dependencies: ["ExerciseEngine", "ExerciseModel", "Mutation", "WorkshopFixtures"]),
    .testTarget(
      name: "LearnKitTests",
      dependencies: ["LearnKit", "CommandLineLayer", "ExerciseModel", "ExerciseEngine"]),
    .testTarget(
      name: "GraderKitTests",
      dependencies: [
        "GraderKit", "CommandLineLayer", "ExerciseModel", "Mutation", "ExerciseEngine",
        "WorkshopFixtures",
      ]),
    .testTarget(
      name: "AuthoringKitTests",
      dependencies: [
        "AuthoringKit", "GraderKit", "CommandLineLayer", "ExerciseModel", "Mutation",
        "ExerciseEngine", "WorkshopFixtures",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
