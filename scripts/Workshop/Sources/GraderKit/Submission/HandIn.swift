import ExerciseModel
import Foundation

/// Reads the files grading takes from a submission: the Swift files of
/// `Exercises/<id>/Sources/<Module>/`, and nothing else.
///
/// Reading never changes the submission. Whatever is not a plain Swift file inside that folder
/// (a symbolic link, which could point anywhere; another kind of file; a file too large to be a
/// source) is left out, with a note that tells the learner why.
public enum HandIn {
  /// What was found for one exercise.
  public struct Found: Sendable, Equatable {
    /// The module's Swift files, by path relative to `Sources/<Module>/`; nil when the folder
    /// does not exist.
    public var files: SourceTree?
    /// Plain-words notes about files that were left out.
    public var notes: [String]
  }

  /// The largest source file taken.
  public static let maximumFileSize = 1 << 20

  /// Reads exercise `id`'s module `module` from a learner's `Exercises/` folder; with `part`,
  /// the folder at that path inside the exercise instead (`["Tests", "<Module>Tests"]` for the
  /// tests a learner writes).
  public static func read(
    exercises: URL, id: String, module: String, part: [String]? = nil
  ) -> Found {
    let inside = part ?? ["Sources", module]
    let relative = (["Exercises", id] + inside).joined(separator: "/")
    let folder = exercises.appendingPathComponent(([id] + inside).joined(separator: "/"))
    for (index, part) in ([id] + inside).enumerated() {
      let path = exercises.appendingPathComponent(
        ([id] + inside).prefix(index + 1).joined(separator: "/"))
      if isSymbolicLink(path) {
        return Found(
          files: nil,
          notes: [
            "\((["Exercises", id] + inside).prefix(index + 2).joined(separator: "/")) is "
              + "a symbolic link, and grading only uses real folders: \(part) was not graded."
          ])
      }
    }
    guard isRealDirectory(folder) else {
      return Found(
        files: nil,
        notes: ["\(relative)/ is missing: this exercise was not submitted, so it scores 0."])
    }
    var tree = SourceTree()
    var notes: [String] = []
    guard let entries = DirectoryWalk.entries(below: folder) else {
      return Found(files: tree, notes: notes)
    }
    for entry in entries {
      let name = entry.path
      let shown = "\(relative)/\(name)"
      switch entry.kind {
      case .directory: continue
      case .unreadable:
        notes.append("\(shown) could not be read, so it was not used.")
        continue
      case .symbolicLink:
        notes.append(
          "\(shown) is a symbolic link; grading uses plain files only, so it was not used. "
            + "Copy the file's content into the folder instead.")
        continue
      case .other:
        notes.append("\(shown) is not a regular file, so it was not used.")
        continue
      case .regularFile: break
      }
      guard name.hasSuffix(".swift") else {
        notes.append("\(shown) is not a Swift file, so it was not used.")
        continue
      }
      if let size = entry.fileSize, size > maximumFileSize {
        notes.append(
          "\(shown) is \(size / 1024) KB, over the \(maximumFileSize / 1024) KB a source file "
            + "may have, so it was not used.")
        continue
      }
      guard let data = try? Data(contentsOf: entry.url) else {
        notes.append("\(shown) could not be read, so it was not used.")
        continue
      }
      if String(validatingUTF8Data: data) == nil {
        notes.append(
          "\(shown) is not valid UTF-8 text; Swift sources must be UTF-8 (save it again as "
            + "UTF-8). The compiler's message follows in the results.")
      }
      tree.files[name] = data
    }
    notes.sort()
    return Found(files: tree, notes: notes)
  }

  private static func isSymbolicLink(_ url: URL) -> Bool {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return attributes?[.type] as? FileAttributeType == .typeSymbolicLink
  }
}

extension String {
  /// The text of `data` if it is valid UTF-8.
  init?(validatingUTF8Data data: Data) {
    guard let text = String(data: data, encoding: .utf8) else { return nil }
    self = text
  }
}
