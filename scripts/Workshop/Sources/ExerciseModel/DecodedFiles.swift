import Foundation
import Synchronization

/// Values decoded from files, kept for the life of the process and given back while the files
/// hold the very bytes they were decoded from.
///
/// Speed measure (`scripts/bench --learn`): one `scripts/learn check` reads the catalogue and
/// the manifests dozens of times (every exercise's title for the progress table, the exercise's
/// manifest for each part of the check), and the tool is a debug build, where decoding JSON
/// is slow. Keyed by bytes, not dates, so a file saved within the same moment is never taken
/// for the one decoded before; watch mode, which runs for hours, sees every edit. Errors are
/// never kept: a file that cannot be read or decoded is tried again next time.
///
/// ```swift
/// let catalogue = try DecodedFiles.value(key: "catalogue", files: [url]) {
///   try Catalogue.load(from: url)
/// }
/// ```
public enum DecodedFiles {
  private struct Entry: Sendable {
    var bytes: [Data?]
    var value: any Sendable
  }

  private static let entries = Mutex<[String: Entry]>([:])

  /// The value `decode` made under `key` when `files` held the same bytes as now; else
  /// `decode()`, kept for next time. A missing file counts as its own content (none).
  public static func value<T: Sendable>(
    key: String, files: [URL], decode: () throws -> T
  ) throws -> T {
    let bytes = files.map { try? Data(contentsOf: $0) }
    let kept = entries.withLock { entries in
      entries[key].flatMap { $0.bytes == bytes ? $0.value as? T : nil }
    }
    if let kept { return kept }
    let value = try decode()
    entries.withLock { $0[key] = Entry(bytes: bytes, value: value) }
    return value
  }
}
