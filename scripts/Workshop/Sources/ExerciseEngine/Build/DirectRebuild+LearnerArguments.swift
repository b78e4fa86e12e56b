import Foundation

/// How the learner tool's direct rebuilds compile otherwise than SwiftPM's plan says
/// (``DirectRebuild/resilientModule``, ``DirectRebuild/skipsTestModuleInterfaces``).
extension DirectRebuild {
  /// Makes the recorded `plan` compile ``resilientModule`` with library evolution when it does
  /// not yet (a plan SwiftPM made, or recorded before the module was asked for), and has its
  /// sources and every other source of the package count as changed: the attempt that reads it
  /// compiles the whole package again.
  func compilingResilientModule(_ plan: BuildPlan) throws -> BuildPlan {
    guard let resilientModule,
      let index = plan.commands.firstIndex(where: { compiles(resilientModule, $0) }),
      !ResilientModule.compilerFlags.allSatisfy(plan.commands[index].arguments.contains)
    else { return plan }
    var plan = plan
    plan.commands[index].arguments += ResilientModule.compilerFlags
    // Every source of the package, the tests' too: the compiler decides by declarations
    // whether a client of a changed module compiles again, and the module's declarations did
    // not change, only how its clients must reach them.
    let prefix = package.path + "/"
    let sources = Set(plan.commands.flatMap(\.inputs)).filter {
      isInPackage($0) && $0.hasSuffix(".swift")
    }.map { String($0.dropFirst(prefix.count)) }.sorted()
    let unfinished = recordFolder.appendingPathComponent("unfinished")
    let earlier = (try? String(contentsOf: unfinished, encoding: .utf8)) ?? ""
    try Data(
      (earlier.split(separator: "\n").map(String.init) + sources).joined(separator: "\n").utf8
    )
    .write(to: unfinished)
    try JSONEncoder().encode(plan).write(to: planFile)
    return plan
  }

  /// A compile's `arguments` without the binary module it writes (`-emit-module`,
  /// `-emit-module-path`), which ``skipsTestModuleInterfaces`` leaves as it was.
  static func withoutModule(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "-emit-module": index += 1
      case "-emit-module-path": index += 2
      default:
        kept.append(arguments[index])
        index += 1
      }
    }
    return kept
  }

  /// Whether the objects of ``resilientModule`` in the build folder were compiled with library
  /// evolution: the recorded plan compiles it so, and the last attempt finished (or, from
  /// ``beforeFirstLink``, `compiling` says that the attempt running now has compiled it).
  func compiledResilientModule(compiling: Bool = false) -> Bool {
    guard let resilientModule, let plan = recordedPlan,
      compiling
        || !FileManager.default.fileExists(
          atPath: recordFolder.appendingPathComponent("unfinished").path)
    else { return false }
    return plan.commands.contains {
      compiles(resilientModule, $0)
        && ResilientModule.compilerFlags.allSatisfy($0.arguments.contains)
    }
  }

  /// Whether `command` is the compile of Swift module `module`.
  func compiles(_ module: String, _ command: BuildPlan.Command) -> Bool {
    guard command.tool == "shell", let index = command.arguments.firstIndex(of: "-module-name"),
      command.arguments.indices.contains(index + 1)
    else { return false }
    return command.arguments[index + 1] == module
      && command.arguments.contains("-emit-module-path")
  }
}
