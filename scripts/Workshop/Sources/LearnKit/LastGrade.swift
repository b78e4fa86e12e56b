import Foundation
import WorkshopCore

/// The learner's last grade of each exercise, read from the JSON reports `scripts/grade` wrote
/// for this workspace (`.build-grade/reports/<learner>/results.json`), read through
/// ``ResultsDocument``, the type the grader writes them from.
///
/// Only reports whose `submission` is this workspace (or its `Exercises/` folder) count, so a
/// class graded from here does not show up as the learner's own grade; the newest one wins.
///
/// ```swift
/// let grades = LastGrade.read(root: root)
/// if let grade = grades["05-context-forcing"] { print("\(grade.points)/\(grade.maximumPoints)") }
/// ```
public struct LastGrade: Sendable, Equatable {
  public var points: Int
  public var maximumPoints: Int
  /// When grading finished, as the report says (ISO 8601).
  public var gradedAt: String

  public init(points: Int, maximumPoints: Int, gradedAt: String) {
    self.points = points
    self.maximumPoints = maximumPoints
    self.gradedAt = gradedAt
  }

  /// The day of grading, `2026-11-23`.
  public var day: String { String(gradedAt.prefix(10)) }

  /// The last grade of each exercise, by id; empty when this workspace was never graded.
  public static func read(root: URL, reports: URL? = nil) -> [String: LastGrade] {
    let folder = reports ?? root.appendingPathComponent(".build-grade/reports")
    let manager = FileManager.default
    let ours = Set(
      [root, root.appendingPathComponent("Exercises")].map {
        $0.standardizedFileURL.resolvingSymlinksInPath().path
      })
    var newest: ResultsDocument?
    for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
      let file = folder.appendingPathComponent(name).appendingPathComponent("results.json")
      guard let data = try? Data(contentsOf: file),
        let results = try? ResultsDocument.decode(data),
        ours.contains(
          URL(fileURLWithPath: results.submission).standardizedFileURL
            .resolvingSymlinksInPath().path)
      else { continue }
      if results.gradedAt > (newest?.gradedAt ?? "") { newest = results }
    }
    guard let newest else { return [:] }
    return Dictionary(
      newest.exercises.map {
        (
          $0.id,
          LastGrade(points: $0.points, maximumPoints: $0.maxPoints, gradedAt: newest.gradedAt)
        )
      },
      uniquingKeysWith: { first, _ in first })
  }
}
