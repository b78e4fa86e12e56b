import ExerciseModel
import Foundation

/// Which graded tests a learner can read, and how much a report may say about the others.
///
/// A test is visible when the suite that holds it is declared in one of the exercise's visible
/// test files (the files copied into `Exercises/<id>/Tests/`). Reports give hidden tests by
/// name, points, status and hint only: no source location, no failure text that quotes their
/// code (``TestResult/init(_:outcome:isVisible:)`` applies that rule), and no compiler message
/// pointing into their files.
public struct TestVisibility: Sendable {
  private let visibleSuites: Set<String>
  private let testModule: String
  private let visibleFiles: Set<String>

  public init(sources: ExerciseSources) {
    let manifest = sources.manifest
    testModule = manifest.testModule
    visibleFiles = Set(manifest.visibleTestFiles)
    var suites = Set<String>()
    let declaration = try? NSRegularExpression(
      pattern: #"\b(?:struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    for name in manifest.visibleTestFiles {
      guard let data = sources.solutionTests.files[name], let declaration else { continue }
      let text = String(decoding: data, as: UTF8.self)
      let range = NSRange(text.startIndex..., in: text)
      for match in declaration.matches(in: text, range: range) {
        if let name = Range(match.range(at: 1), in: text) { suites.insert(String(text[name])) }
      }
    }
    visibleSuites = suites
  }

  /// Whether the learner has the source of test `id` (`Suite/function()`).
  public func isVisible(_ id: String) -> Bool {
    guard let suite = id.split(separator: "/").first else { return false }
    return visibleSuites.contains(String(suite))
  }

  /// A compiler message with every location inside a hidden test file replaced by a plain
  /// mention of one.
  public func compilerMessage(_ message: String) -> String {
    let prefix = "Tests/\(testModule)/"
    return message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.hasPrefix(prefix) else { return String(line) }
      let rest = line.dropFirst(prefix.count)
      guard let colon = rest.firstIndex(of: ":") else { return String(line) }
      let file = String(rest[..<colon])
      if visibleFiles.contains(file) { return String(line) }
      guard let error = line.range(of: ": error: ") else { return String(line) }
      return "\(prefix)(a hidden test file): error: \(line[error.upperBound...])"
    }.joined(separator: "\n")
  }
}
