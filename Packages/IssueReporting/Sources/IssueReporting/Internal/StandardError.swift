import Foundation

/// Writes one line to standard error.
///
/// Glibc's `stderr` global is not concurrency-safe in Swift 6 mode, so this goes through
/// `FileHandle`.
func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
