import Foundation

/// A tool's command line, declared once: its commands, their arguments and its options. The
/// parsing, the `--help` text and the usage errors all come from this declaration.
///
/// `parse` reads a command line into the tool's command value; `main` runs a tool, printing
/// a usage error with exit status 2 and any other error with exit status 1:
///
/// ```swift
/// exit(LearnCommand.commandLine.main {
///   try LearnCommand.parse(arguments, root: root).run(io: .standard)
/// })
/// ```
///
/// Adding a command with an option of its own, and a flag for every command, is a few lines
/// in the declaration (here `scripts/exercises new <id> --title "<title>"`):
///
/// ```swift
/// commands: [
///   // …
///   Subcommand(
///     "new", arguments: .one("ID"),
///     options: [
///       .value("--title", "TITLE", as: .text, help: "the exercise's title") { $0.title = $1 }
///     ],
///     abstract: "start an exercise: its folders, manifest and lesson"
///   ) { $0.action = .new($1[0]) },
/// ],
/// options: [
///   // …
///   .flag("--manual", help: "check only when you press r") { $0.manual = true },
/// ]
/// ```
public struct CommandLineTool<Command>: Sendable {
  /// The tool's name, which starts every usage error: `grade`.
  public var name: String
  /// How the user runs it, for the help and messages: `scripts/grade`.
  public var invocation: String
  /// What the tool does, after the usage lines; paragraphs separated by a blank line.
  public var about: String?
  /// The default command (named nil), if the tool has one, and the named commands.
  public var commands: [Subcommand<Command>]
  /// The options every command takes, anywhere on the line. An option's names are the tool's
  /// own: no other option of the tool or of its commands has them.
  public var options: [CommandOption<Command>]
  /// The words that ask for the help, anywhere on the line.
  public var helpWords: [String]
  /// What asking for the help sets in the command (which then prints `help`).
  let showHelp: @Sendable (inout Command) -> Void
  /// The end of the help, as written (reports, exit status, examples).
  public var epilogue: String?

  public init(
    name: String, invocation: String, about: String? = nil, commands: [Subcommand<Command>],
    options: [CommandOption<Command>], helpWords: [String] = ["-h", "--help"],
    epilogue: String? = nil, showHelp: @escaping @Sendable (inout Command) -> Void
  ) {
    self.name = name
    self.invocation = invocation
    self.about = about
    self.commands = commands
    self.options = options
    self.helpWords = helpWords
    self.epilogue = epilogue
    self.showHelp = showHelp
  }

  /// Reads `arguments` (without the program's name) into `start`, a command with every
  /// default set. A help word anywhere asks for the help, whatever else the line holds.
  public func parse(_ arguments: [String], into start: Command) throws(UsageError) -> Command {
    try CommandLineParser(tool: self).parse(arguments, into: start)
  }

  /// The `--help` text.
  public var help: String { HelpText(tool: self).text }

  /// A usage error found after parsing (an exercise that does not exist, say), which says
  /// itself how to fix the command line.
  public func usageError(_ message: String) -> UsageError {
    UsageError(tool: name, message)
  }

  /// A usage error that points to the help: `…; see scripts/grade --help`.
  func misuse(_ message: String) -> UsageError {
    UsageError(tool: name, "\(message); see \(invocation) --help")
  }

  /// Runs `body` (which parses and runs a command) and returns its exit status; after a usage
  /// error, prints it and returns 2; after any other error, prints `name: error` and returns 1.
  public func main(_ body: () throws -> Int32) -> Int32 {
    do {
      return try body()
    } catch let error as UsageError {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      return UsageError.exitStatus
    } catch {
      FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
      return 1
    }
  }
}
