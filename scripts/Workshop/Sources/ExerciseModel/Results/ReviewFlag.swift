import Foundation

/// One line of a learner's source that uses something no solution needs, for an instructor to
/// look at. A flag never changes a score: it is a reason to read the code.
public struct ReviewFlag: Codable, Sendable, Equatable {
  /// The file, relative to the exercise's `Sources/<Module>/` folder.
  public var file: String
  /// The line, counted from 1.
  public var line: Int
  /// What the line reaches for, in plain words (`process exit`, `command-line arguments`, …).
  public var reason: String
  /// The line itself, trimmed and cut to 160 characters.
  public var code: String

  public init(file: String, line: Int, reason: String, code: String) {
    self.file = file
    self.line = line
    self.reason = reason
    self.code = code
  }

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case file, line, reason, code
  }

  /// `File.swift:12 (process exit)`.
  public var summary: String { "\(file):\(line) (\(reason))" }
}
