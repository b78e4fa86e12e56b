/// A command line a tool cannot run as typed: what was wrong and how to fix it, after the
/// tool's name (`grade: --jobs takes a whole number from 1 to 64, not 'x'; see scripts/grade
/// --help`). A tool exits with status 2 for it, and with 1 for every other error.
public struct UsageError: Error, CustomStringConvertible, Equatable {
  /// The tool's name, which starts the message: `grade`, `learn`, `exercises`.
  public var tool: String
  /// What was wrong and how to fix it, without the tool's name.
  public var message: String

  public init(tool: String, _ message: String) {
    self.tool = tool
    self.message = message
  }

  /// `tool: message`, as the tool prints it.
  public var description: String { "\(tool): \(message)" }

  /// The exit status of a usage error.
  public static let exitStatus: Int32 = 2
}
