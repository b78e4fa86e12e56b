import BenchWorkloads

// Runs one workload a given number of times, on the main thread and nothing else, for
// `scripts/bench --instructions`, which counts instructions under valgrind (which cannot follow
// the threads an async program starts here).
//
//   BenchCount <name> <operations>    runs the workload whose name contains <name>, then prints
//                                     how many operations it performed
//   BenchCount --list                 prints every workload's name

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
  for workload in dependencyWorkloads(operations: 1) { print(workload.name) }
} else if arguments.count == 2, let operations = Int(arguments[1]), operations > 0 {
  let matching = dependencyWorkloads(operations: operations).filter {
    $0.name.contains(arguments[0])
  }
  guard matching.count == 1 else {
    fatalError("BenchCount: \"\(arguments[0])\" matches \(matching.count) workloads, not one")
  }
  // One operation first, so one-time costs (caches, metadata) fall outside any difference of
  // two runs.
  dependencyWorkloads(operations: 1).first { $0.name == matching[0].name }!.run()
  matching[0].run()
  print("operations: \(matching[0].operations)")
} else {
  fatalError("usage: BenchCount <name> <operations> | BenchCount --list")
}
