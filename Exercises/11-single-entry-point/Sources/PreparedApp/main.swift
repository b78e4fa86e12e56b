import Dependencies
import Foundation
import SingleEntryPoint

// A stand-in for an app's entry point, launched by the tests as a separate process (a process
// is the only place where "before anything reads a dependency" means something). Its first
// argument picks what the entry point does; it prints what the app then sees:
//
//   server=<the server dependency's default>
//
// Issues go to standard error (IssueReporting's default outside tests). The library has a
// `prepareDependencies` too, hence the module name in front of the learner's. Instructor-owned:
// learners do not edit it.

enum ServerKey: DependencyKey {
  static let liveValue = "https://api.example.com"
}

func printServer() {
  print("server=\(DependencyDefaults.value(for: ServerKey.self))")
}

switch CommandLine.arguments.dropFirst().first ?? "" {
case "unprepared":
  printServer()
case "prepared":
  SingleEntryPoint.prepareDependencies { $0[ServerKey.self] = "https://staging.example.com" }
  printServer()
case "late":
  // A feature read the server before the entry point prepared it.
  printServer()
  SingleEntryPoint.prepareDependencies { $0[ServerKey.self] = "https://staging.example.com" }
  printServer()
case "twice":
  SingleEntryPoint.prepareDependencies { $0[ServerKey.self] = "https://staging.example.com" }
  SingleEntryPoint.prepareDependencies { $0[ServerKey.self] = "https://other.example.com" }
  printServer()
default:
  FileHandle.standardError.write(Data("usage: PreparedApp unprepared|prepared|late|twice\n".utf8))
  exit(64)
}
