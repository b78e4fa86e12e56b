import ExerciseModel
import Foundation
import Mutation

/// Random bytes drawn once per grading and linked into every library a learner's tests run
/// against (the feature's and each generated mutant's), with the number of the library's active
/// mutant (``MutantSchemata/Switch/linked``).
///
/// Bytes a test learned about the feature's library in one grading (a digest quoted by a failing
/// test's message in an earlier feedback) never match the next grading's, so no test can pass
/// "against the feature" by recognising its file. Both symbols have hidden visibility: the
/// library's own code calls them, and no test can find them by name.
///
/// ```swift
/// let salt = GradingSalt()
/// let object = try salt.object(active: 3, in: folder)  // link it into mutant 3's library
/// ```
struct GradingSalt: Sendable, Equatable {
  /// The bytes, 32 of them.
  var bytes: [UInt8]

  init(bytes: [UInt8]? = nil) {
    self.bytes = bytes ?? (0..<32).map { _ in UInt8.random(in: 0...255) }
  }

  /// The C source of the object for a library whose active mutant is `active` (0: none).
  func source(active: Int) -> String {
    let values = bytes.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
    return """
      // Generated for one grading: which mutant this library runs, and this grading's salt.
      __attribute__((visibility("hidden"))) long \(MutantSchemata.linkedSymbol)(void) {
        return \(active);
      }
      __attribute__((visibility("hidden"), used))
      const unsigned char workshop_grading_salt[\(bytes.count)] = { \(values) };

      """
  }

  /// Compiles ``source(active:)`` with the toolchain's `clang` into `folder` and returns the
  /// object.
  func object(active: Int, in folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = folder.appendingPathComponent("grading-\(active).c")
    let object = folder.appendingPathComponent("grading-\(active).o")
    try Data(self.source(active: active).utf8).write(to: source)
    let log = folder.appendingPathComponent("grading-\(active).log")
    let outcome = try ProcessRunner.run(
      [Self.compiler, "-c", "-fPIC", "-O1", source.path, "-o", object.path], in: folder, log: log,
      timeLimit: 60)
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      let words = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw WorkshopError(
        "cannot compile the grading's salt with \(Self.compiler) (the C compiler every Swift "
          + "toolchain for Linux ships beside swiftc): "
          + words.split(separator: "\n").prefix(3).joined(separator: " "))
    }
    return object
  }

  /// `clang` beside the `swiftc` on `PATH`, else the first `clang` or `cc` on `PATH`.
  static let compiler = ToolchainTool.path("clang", fallbacks: ["clang", "cc"])
}
