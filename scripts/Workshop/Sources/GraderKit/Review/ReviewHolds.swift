import ExerciseEngine
import ExerciseModel
import Foundation

/// Grades with review flags are held: a submission whose lines reach for processes, files,
/// arguments or symbols (``ReviewScan``), or whose test processes wrote records no honest run
/// writes, gets no grade an instructor's system imports until an instructor has read it and
/// released it with `scripts/grade release LEARNER`.
///
/// A release is kept in the report folder's `releases.json`, by learner, with a digest of the
/// flags the instructor saw: a later hand-in with other flags is held again. While held, a
/// grade's `results.json` says `"status": "held for review"`, its gradebook row holds no points,
/// and the class report leaves it out of the class's figures.
///
/// ```swift
/// var holds = try ReviewHolds.read(from: output)
/// holds.release(report)             // after reading its flags
/// try holds.write(to: output)
/// let shown = holds.applied(to: reports)
/// ```
public struct ReviewHolds: Codable, Sendable, Equatable {
  /// The file's name in the report folder.
  public static let fileName = "releases.json"
  /// The `status` of a held grade's `results.json`, and its word in the gradebook.
  public static let heldStatus = "held for review"

  /// Released learners, with the digest of the flags released.
  public var released: [String: String] = [:]

  public init(released: [String: String] = [:]) {
    self.released = released
  }

  /// The digest of `report`'s review flags: what a release is for.
  public static func digest(_ report: GradeReport) -> String {
    var hash = FNV1a()
    for line in report.reviewSummary { hash.add(Data((line + "\n").utf8)) }
    let digits = String(hash.value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Releases `report`'s grade as its flags stand.
  public mutating func release(_ report: GradeReport) {
    released[report.learner] = Self.digest(report)
  }

  /// `reports`, each marked released when a release matches its flags as they stand.
  public func applied(to reports: [GradeReport]) -> [GradeReport] {
    reports.map { report in
      var report = report
      report.releasedFromReview =
        report.reviewSummary.isEmpty ? nil : released[report.learner] == Self.digest(report)
      return report
    }
  }

  /// The releases kept in `folder` (none when it has no file).
  public static func read(from folder: URL) throws -> ReviewHolds {
    let url = folder.appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url) else { return ReviewHolds() }
    do {
      return try JSONDecoder().decode(ReviewHolds.self, from: data)
    } catch {
      throw WorkshopError(
        "\(url.path) is not a list of released grades (\(error)); fix or delete it, then "
          + "release the grades again with `scripts/grade release LEARNER`.")
    }
  }

  /// The file's text: sorted keys, so equal releases give equal files.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}

extension GradeReport {
  /// Whether the grade waits for an instructor: it has review flags and no release of them.
  public var isHeldForReview: Bool { !reviewSummary.isEmpty && releasedFromReview != true }
}
