import ExerciseModel
import Foundation

/// What a client compiled against a module actually depends on, when that module was compiled
/// with library evolution: its textual interface, not its binary `.swiftmodule`.
///
/// Why: the solution tests of an exercise are compiled against the learner's module, and were
/// compiled again for every learner whose binary module differed in any byte, although they
/// only ever use its public API. The packages the checks and the grader assemble compile the
/// learner's module with library evolution (``PackageWriter/Shape/assembled``), which makes
/// every client reach the module's types and functions through its public symbols and run-time
/// metadata, never through layouts known when the client was compiled. So a client compiled
/// against one learner's module works unchanged with any other module whose interface is the
/// same text: what binary compatibility means under library evolution. Learners part-way
/// through an exercise differ in private state and function bodies, not in the public API the
/// starter already declares, so one compile of the solution tests serves them all
/// (``CompileSnapshots``).
///
/// The interface is the *package* interface the compiler writes beside the module
/// (`Name.package.swiftinterface`): public, SPI and `package` declarations, since a test target
/// of the same package sees `package` declarations too. A client with `@testable import` in its
/// sources also sees internal declarations, which no interface lists: for it the binary module
/// stays the identity.
///
/// ```swift
/// let resilient = ResilientModule.modules(compiledBy: plan.commands)
/// for path in resilient {
///   let bytes = try ResilientModule.identity(of: URL(fileURLWithPath: path), testable: false)
///   print(path, bytes.count)
/// }
/// ```
enum ResilientModule {
  /// The flags that compile a module with library evolution and write its interfaces beside it,
  /// without the extra job that type-checks the interface again (nothing reads it but
  /// ``identity(of:testable:)``).
  static let compilerFlags = PackageWriter.libraryEvolutionFlags

  /// The modules that `commands` compile with ``compilerFlags``, by the path of their binary
  /// module (`…/Modules/Name.swiftmodule`). Every run of such a command writes the interface
  /// beside the module (or leaves it as it is when its text would not change), so for these
  /// modules, and only these, the interface on disk is the one of the module on disk: a module
  /// compiled without the flags leaves whatever interface an earlier compile wrote.
  static func modules(compiledBy commands: [BuildPlan.Command]) -> Set<String> {
    var modules: Set<String> = []
    for command in commands where command.tool == "shell" {
      let arguments = command.arguments
      guard compilerFlags.allSatisfy(arguments.contains),
        let index = arguments.firstIndex(of: "-emit-module-path"),
        arguments.indices.contains(index + 1)
      else { continue }
      modules.insert(arguments[index + 1])
    }
    return modules
  }

  /// The interface file the compiler writes beside `module` (`…/Name.swiftmodule`) when it is
  /// compiled with ``compilerFlags`` inside a package.
  static func packageInterface(of module: URL) -> URL {
    module.deletingPathExtension().appendingPathExtension("package.swiftinterface")
  }

  /// The bytes a client's compile depends on for the module at `module`, one of
  /// ``modules(compiledBy:)``: its package interface, unless the client is `testable`, or the
  /// interface is missing; else the binary module itself.
  static func identity(of module: URL, testable: Bool) throws -> Data {
    if !testable, let text = try? Data(contentsOf: packageInterface(of: module)) {
      return text
    }
    return try Data(contentsOf: module)
  }

  /// Whether any of `sources` (Swift files) imports a module `@testable`, so that its internal
  /// declarations matter too. Any mention counts, even in a comment: a false alarm only costs a
  /// compile.
  static func anyTestableImport(in sources: [URL]) -> Bool {
    sources.contains { source in
      guard let data = try? Data(contentsOf: source) else { return true }
      return String(decoding: data, as: UTF8.self).contains("@testable")
    }
  }
}
