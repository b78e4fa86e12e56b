import Foundation
import WorkshopCore

/// What a grading run (or a merge) leaves in its report folder besides the reports: every
/// learner's ``GradeReport`` and the class's exercises and notes, `grading.json`. It is what
/// `scripts/grade release` writes the reports again from, without grading anything.
///
/// ```swift
/// var record = try GradingRecord.read(from: output)
/// record.reports = holds.applied(to: record.reports)
/// ```
public struct GradingRecord: Codable, Sendable, Equatable {
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

  /// The file as JSON with sorted keys.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }

  /// Reads the record in `folder`, saying what to do when there is none.
  public static func read(from folder: URL) throws -> GradingRecord {
    let url = folder.appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url) else {
      throw WorkshopError(
        "\(folder.path) holds no \(fileName): grade first (`scripts/grade … -o \(folder.path)`), "
          + "then release grades from that folder.")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      return try decoder.decode(GradingRecord.self, from: data)
    } catch {
      throw WorkshopError(
        "\(url.path) is not a grading record this grader can read (\(error)); grade again "
          + "with this version of the workspace.")
    }
  }
}
