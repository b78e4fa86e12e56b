import ExerciseModel
import Foundation

/// A JSON file the grader leaves in a report folder for a later command to read: `shard.json`
/// for `scripts/grade merge`, `grading.json` for `scripts/grade release`. Sorted keys and ISO
/// 8601 dates, so equal contents give equal files.
public protocol ReportFolderFile: Codable {
  /// The file's name in the report folder.
  static var fileName: String { get }
  /// What the file is, in words: "a shard file".
  static var described: String { get }
  /// What to do when `folder` has no such file.
  static func missing(in folder: URL) -> String
}

extension ReportFolderFile {
  /// The file as JSON with sorted keys.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }

  /// Reads the file in `folder`, saying what is wrong when it cannot.
  public static func read(from folder: URL) throws -> Self {
    let url = folder.appendingPathComponent(fileName)
    guard let data = try? Data(contentsOf: url) else {
      throw WorkshopError("\(folder.path) holds no \(fileName): \(missing(in: folder))")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      return try decoder.decode(Self.self, from: data)
    } catch {
      throw WorkshopError(
        "\(url.path) is not \(described) this grader can read (\(error)); grade again with this "
          + "version of the workspace.")
    }
  }
}
