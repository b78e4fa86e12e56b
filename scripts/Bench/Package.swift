// swift-tools-version: 6.1
import PackageDescription

// The benchmarks behind `scripts/bench`. Always built in release.
let package = Package(
  name: "Bench",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [
    .package(path: "../../Packages/Clocks"),
    .package(path: "../../Packages/Dependencies"),
  ],
  targets: [
    // The synchronous workloads, shared by the timer and the instruction counter.
    .target(
      name: "BenchWorkloads",
      dependencies: [.product(name: "Dependencies", package: "Dependencies")]
    ),
    // Times every workload: `scripts/bench`.
    .executableTarget(
      name: "Bench",
      dependencies: [
        "BenchWorkloads",
        .product(name: "Clocks", package: "Clocks"),
      ]
    ),
    // Runs one workload on one thread, for valgrind: `scripts/bench --instructions`.
    .executableTarget(name: "BenchCount", dependencies: ["BenchWorkloads"]),
  ],
  swiftLanguageModes: [.v6]
)
