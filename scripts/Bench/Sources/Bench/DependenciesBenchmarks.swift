import BenchWorkloads

/// Times the Dependencies workloads (see `BenchWorkloads`), per operation.
func benchmarkDependencies(_ harness: Harness) async {
  for workload in dependencyWorkloads() {
    await harness.run(workload.name, operations: workload.operations) { stopwatch in
      await stopwatch.time { workload.run() }
    }
  }
}
