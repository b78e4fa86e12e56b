import ExerciseModel
import Foundation

/// The learner's last grade of each exercise: for each one, the newest report `scripts/grade`
/// wrote for this workspace that grades it, whether it is still in the report folder
/// (`.build-grade/reports/<learner>/results.json`) or kept in ``GradeHistory``
/// (`.build-grade/history/`, where the grader keeps the reports that a later run of fewer
/// exercises replaced). Reports are read through ``ResultsDocument``, the type the grader writes
/// them from.
///
/// Only reports whose `submission` is this workspace (or its `Exercises/` folder) count, so a
/// class graded from here does not show up as the learner's own grade.
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
  public static func read(root: URL, reports: URL? = nil, history: URL? = nil) -> [String:
    LastGrade]
  {
    let folder = reports ?? root.appendingPathComponent(".build-grade/reports")
    let newest = GradeHistory(root: root, folder: history).newestByExercise(reports: folder)
    var grades: [String: LastGrade] = [:]
    for (id, results) in newest {
      guard let exercise = results.exercises.first(where: { $0.id == id }) else { continue }
      grades[id] = LastGrade(
        points: exercise.points, maximumPoints: exercise.maxPoints, gradedAt: results.gradedAt)
    }
    return grades
  }
}
