import Foundation

/// What a grading run (or a merge) leaves in its report folder besides the reports: every
/// learner's ``GradeReport`` and the class's exercises and notes, `grading.json`. It is what
/// `scripts/grade release` writes the reports again from, without grading anything.
///
/// ```swift
/// var record = try GradingRecord.read(from: output)
/// record.reports = holds.applied(to: record.reports)
/// ```
public struct GradingRecord: ReportFolderFile, Sendable, Equatable {
  /// The file's name in the report folder.
  public static let fileName = "grading.json"

  public var version = 1
  public var exerciseIDs: [String]
  public var classNotes: [String]
  public var reports: [GradeReport]

  public init(exerciseIDs: [String], classNotes: [String], reports: [GradeReport]) {
    self.exerciseIDs = exerciseIDs
    self.classNotes = classNotes
    self.reports = reports
  }

  public static let described = "a grading record"

  public static func missing(in folder: URL) -> String {
    "grade first (`scripts/grade … -o \(folder.path)`), then release grades from that folder."
  }
}
