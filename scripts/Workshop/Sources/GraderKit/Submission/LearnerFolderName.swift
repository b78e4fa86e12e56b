import Foundation

/// The name of a learner's report folder: the learner's name with every character that is not a
/// letter, digit, `.`, `_` or `-` written as `%` and its UTF-8 bytes in hex (as in URLs), so
/// every name has its own folder and a person can read the name back from it: `x y` is
/// `x%20y`, `x_y` stays `x_y`.
///
/// A leading `.` is encoded too (no hidden folders). Where two names differ only in case (which
/// case-insensitive file systems, as on macOS, would put in one folder), the capitals of those
/// names are encoded as well: `Ada` and `ada` become `%41da` and `ada`.
public enum LearnerFolderName {
  /// The folder name of each of `names`, in the same order.
  public static func folders(for names: [String]) -> [String] {
    let plain = names.map { encode($0, capitals: false) }
    var counts: [String: Int] = [:]
    for name in plain { counts[name.lowercased(), default: 0] += 1 }
    return zip(names, plain).map { name, folder in
      counts[folder.lowercased()]! > 1 ? encode(name, capitals: true) : folder
    }
  }

  /// `name` as a folder name (see the type's description).
  public static func encode(_ name: String, capitals: Bool = false) -> String {
    var result = ""
    for (offset, byte) in name.utf8.enumerated() {
      let kept =
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F
        || byte == 0x2D || (byte == 0x2E && offset > 0)
        || (!capitals && (0x41...0x5A).contains(byte))
      result += kept ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }
    return result
  }

  /// The learner's name from a folder name made by ``encode(_:capitals:)``.
  public static func decode(_ folder: String) -> String? {
    folder.removingPercentEncoding
  }
}
