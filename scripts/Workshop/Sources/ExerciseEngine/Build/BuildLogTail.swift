import Foundation

/// Reads SwiftPM's latest progress line (`[12/345] Compiling Dependencies Cache.swift`) from a
/// build log while the build writes it, a few times a second at most.
///
/// ```swift
/// let tail = BuildLogTail(log: log)
/// if let line = tail.newProgressLine() {
///   print(BuildProgressText.describe(line, seconds: 12))  // "step 12 of 345, about …"
/// }
/// ```
public final class BuildLogTail {
  public let log: URL
  private var lastRead = Date.distantPast
  private var lastLine: String?

  public init(log: URL) { self.log = log }

  /// The newest progress line, when there is one that was not returned before.
  public func newProgressLine() -> String? {
    let now = Date()
    guard now.timeIntervalSince(lastRead) >= 0.2 else { return nil }
    lastRead = now
    guard let handle = try? FileHandle(forReadingFrom: log) else { return nil }
    defer { try? handle.close() }
    let size = (try? handle.seekToEnd()) ?? 0
    try? handle.seek(toOffset: size > 4_096 ? size - 4_096 : 0)
    let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    let line = text.split(separator: "\n").last {
      $0.range(of: #"^\[[0-9]+/[0-9]+\] "#, options: .regularExpression) != nil
    }.map(String.init)
    guard let line, line != lastLine else { return nil }
    lastLine = line
    return line
  }
}
