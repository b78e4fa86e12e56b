import ExerciseEngine
import ExerciseModel
import Foundation
import Synchronization

/// The outcome of every suite one grading has graded, by exercise and by the suite's very
/// files: a suite that many learners hand in alike (copies of one file, a class that kept the
/// starter's tests) is built and run against the mutants once, and each of them gets that
/// outcome.
///
/// A learner's suite is built with the reference feature and run against the same mutants
/// whoever hands it in, so equal files grade alike; the key is the files themselves, byte for
/// byte, never a hash that other files could share. A learner whose suite is being graded for
/// someone else waits for that outcome rather than grading it again.
///
/// ```swift
/// let outcome = try outcomes.outcome(of: .learner(files), in: "13-testing-a-feature") {
///   try grading.grade(.learner(files))
/// }
/// ```
final class SuiteOutcomes: Sendable {
  /// One suite's outcome, once graded; its lock is held while it is being graded.
  private final class Entry: Sendable {
    let outcome = Mutex<SuiteOutcome?>(nil)
  }

  private let entries = Mutex<[Data: Entry]>([:])

  /// The outcome of `suite` in exercise `id`: the one graded before, or `grade`'s, kept for the
  /// next learner with the same files. An error is not kept.
  func outcome(
    of suite: SuiteVariant, in id: String, grade: () throws -> SuiteOutcome
  ) throws -> SuiteOutcome {
    let key = Self.key(suite, id)
    let entry = entries.withLock { entries in
      if let entry = entries[key] { return entry }
      let entry = Entry()
      entries[key] = entry
      return entry
    }
    return try entry.outcome.withLock { outcome in
      if let outcome { return outcome }
      let graded = try grade()
      outcome = graded
      return graded
    }
  }

  /// The exercise, the kind of suite, and each file's path and bytes, in path order.
  private static func key(_ suite: SuiteVariant, _ id: String) -> Data {
    var key = Data("\(id)\u{0}\(suite.label)\u{0}".utf8)
    if case .learner(let files) = suite {
      for (path, data) in files.files.sorted(by: { $0.key < $1.key }) {
        key.append(Data("\(path)\u{0}\(data.count)\u{0}".utf8))
        key.append(data)
      }
    }
    return key
  }
}
