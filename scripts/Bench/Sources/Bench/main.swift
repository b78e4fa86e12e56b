// Benchmarks for the workspace's packages. Run through `scripts/bench` (release build).
//
//   scripts/bench              every workload
//   scripts/bench TestClock    only workloads whose name contains "TestClock"

let harness = Harness(filters: Array(CommandLine.arguments.dropFirst()))
print("Median of \(harness.rounds) rounds after one warm-up round; release build.")
await benchmarkTestClock(harness)
await benchmarkDependencies(harness)
