/// The arguments a command takes after its name, all of one kind: `[ID]`, `ID`, `[ids]`,
/// `SHARD-FOLDER…`.
///
/// ```swift
/// Subcommand("reset", arguments: .one("ID"), abstract: "…") { $0.action = .reset($1[0]) }
/// ```
public struct PositionalArguments: Sendable, Equatable {
  /// How many a command takes.
  public enum Count: Sendable, Equatable {
    /// None or one: `[ID]`.
    case optional
    /// Exactly one: `ID`.
    case one
    /// Any number, none included: `[ids]`.
    case any
    /// At least one: `SHARD-FOLDER…`.
    case oneOrMore
  }

  /// Their name in the help: `ID`, `SUBMISSION`.
  public var name: String
  public var count: Count
  /// What they are, for the help's list of arguments (once per name); nil to leave them out.
  public var help: String?
  /// What is used without them, for the help.
  public var defaultValue: String?

  public init(name: String, count: Count, help: String? = nil, default defaultValue: String? = nil)
  {
    self.name = name
    self.count = count
    self.help = help
    self.defaultValue = defaultValue
  }

  /// None or one: `[ID]`.
  public static func optional(_ name: String, help: String? = nil, default: String? = nil) -> Self {
    Self(name: name, count: .optional, help: help, default: `default`)
  }

  /// Exactly one: `ID`.
  public static func one(_ name: String, help: String? = nil) -> Self {
    Self(name: name, count: .one, help: help)
  }

  /// Any number: `[ids]`.
  public static func any(_ name: String, help: String? = nil) -> Self {
    Self(name: name, count: .any, help: help)
  }

  /// At least one: `SHARD-FOLDER…`.
  public static func oneOrMore(_ name: String, help: String? = nil) -> Self {
    Self(name: name, count: .oneOrMore, help: help)
  }

  /// How the help writes them: `[ID]`, `ID`, `[ids]`, `SHARD-FOLDER…`.
  public var usage: String {
    switch count {
    case .optional, .any: "[\(name)]"
    case .one: name
    case .oneOrMore: name + "…"
    }
  }

  /// Whether `given` arguments are as many as these take.
  func accept(_ given: Int) -> Bool {
    switch count {
    case .optional: given <= 1
    case .one: given == 1
    case .any: true
    case .oneOrMore: given >= 1
    }
  }
}
