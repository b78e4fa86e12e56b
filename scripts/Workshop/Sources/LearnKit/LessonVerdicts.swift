import ExerciseEngine
import ExerciseModel
import Foundation

/// Which of the lesson's mutants a learner's tests caught, kept with what the verdicts depend
/// on, so a check whose tests did not change need not grade them again.
///
/// Where the learner writes the feature too, their tests are graded against the reference
/// feature and its mutants (``LearnerCheck``'s suite grading): the verdicts depend on those
/// tests, the reference feature, the mutants, the manifest and the library, never on the
/// learner's own feature. A save of the feature alone keeps them. The ``key`` hashes every one
/// of those inputs' bytes.
///
/// ```swift
/// let key = try LessonVerdicts.key(sources, tests: tests, mutants: lesson, library: library)
/// if let kept = LessonVerdicts.read(record), kept.key == key { /* kept.caught */ }
/// ```
struct LessonVerdicts: Codable, Equatable {
  /// What the verdicts were made from (``key(_:tests:mutants:library:)``).
  var key: String
  /// Whether a test caught each mutant, by name.
  var caught: [String: Bool]

  /// The hash of what a grading of `tests` against `mutants` depends on: the tests, the
  /// reference feature, the mutants' files, the manifest and the library's fingerprint.
  static func key(
    _ sources: ExerciseSources, tests: SourceTree, mutants: [ManifestMutant], library: String?
  ) throws -> String {
    var hash = FNV1a()
    func add(_ label: String, _ tree: SourceTree) {
      hash.add(Data(label.utf8))
      for path in tree.files.keys.sorted() {
        hash.add(Data(path.utf8))
        hash.add(tree.files[path] ?? Data())
      }
    }
    add("tests", tests)
    add("feature", sources.solution)
    for mutant in mutants { add("mutant \(mutant.name)", try sources.mutantModule(mutant.name)) }
    hash.add(try Data(contentsOf: sources.layout.manifestURL(sources.manifest.id)))
    hash.add(Data((library ?? "").utf8))
    return String(hash.value, radix: 16)
  }

  /// The verdicts kept in `file`; nil when there are none or they cannot be read.
  static func read(_ file: URL) -> LessonVerdicts? {
    (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Self.self, from: $0) }
  }

  /// Keeps the verdicts in `file`.
  func write(to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(self).write(to: file, options: .atomic)
  }
}
