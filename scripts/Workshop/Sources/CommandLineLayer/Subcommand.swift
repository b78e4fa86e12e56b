/// One command of a tool (`scripts/learn check [ID]`), or its default command: what runs when
/// no command is named (`scripts/grade [SUBMISSION]`, watch mode for `scripts/learn`).
///
/// A command sets what the tool does, from its arguments; its own options (beside the tool's,
/// which every command takes) are refused with any other command.
///
/// ```swift
/// Subcommand("check", arguments: .optional("ID"), abstract: "one run …") {
///   $0.action = .check($1.first)
/// }
/// ```
public struct Subcommand<Command>: Sendable {
  /// The word that chooses it (`check`); nil for the default command.
  public var name: String?
  /// What it takes after its name; nil for nothing.
  public var arguments: PositionalArguments?
  /// The options only this command takes.
  public var options: [CommandOption<Command>]
  /// What it does, for the help's list of commands; a default command without one is left
  /// out of the help.
  public var abstract: String?
  /// Sets the command to this one, with its arguments as typed.
  let apply: @Sendable (inout Command, [String]) -> Void

  public init(
    _ name: String?, arguments: PositionalArguments? = nil,
    options: [CommandOption<Command>] = [], abstract: String? = nil,
    apply: @escaping @Sendable (inout Command, [String]) -> Void
  ) {
    self.name = name
    self.arguments = arguments
    self.options = options
    self.abstract = abstract
    self.apply = apply
  }

  /// How the help writes it: `check [ID]`, `merge SHARD-FOLDER…`, `[SUBMISSION]`.
  public var usage: String {
    [name, arguments?.usage].compactMap { $0 }.joined(separator: " ")
  }
}
