/// The `--help` text of a tool, made from its declaration: the usage lines, what the tool
/// does, its commands (with their own options), its arguments, its options, then the
/// epilogue as written. Explanations are wrapped at 90 columns, in a column of their own.
struct HelpText<Command> {
  let tool: CommandLineTool<Command>

  /// Where explanations start, and where lines end.
  static var column: Int { 23 }
  static var width: Int { 90 }

  var text: String {
    var lines = usageLines
    if let about = tool.about {
      for paragraph in about.components(separatedBy: "\n\n") {
        lines += [""] + TextWrapping.wrapped(paragraph, width: Self.width)
      }
    }
    let listed = tool.commands.filter { $0.name != nil || $0.abstract != nil }
    if !listed.isEmpty {
      lines += ["", "Commands:"]
      for command in listed {
        let usage = command.usage.isEmpty ? "(none)" : command.usage
        lines += Self.row(usage, command.abstract ?? "")
        for option in command.options where command.name != nil {
          lines += Self.row("  " + Self.cell(option), Self.explanation(option))
        }
      }
    }
    var described: [PositionalArguments] = []
    for case let arguments? in tool.commands.map(\.arguments)
    where arguments.help != nil && !described.contains(where: { $0.name == arguments.name }) {
      described.append(arguments)
    }
    if !described.isEmpty {
      lines += ["", "Arguments:"]
      for arguments in described {
        let help = arguments.help! + (arguments.defaultValue.map { " (default: \($0))" } ?? "")
        lines += Self.row(arguments.name, help)
      }
    }
    lines += ["", "Options:"]
    let defaultOptions = tool.commands.first { $0.name == nil }?.options ?? []
    for option in defaultOptions + tool.options {
      lines += Self.row(Self.cell(option), Self.explanation(option))
    }
    lines += Self.row("-h, --help", "this text")
    if let epilogue = tool.epilogue { lines += [""] + [epilogue] }
    return lines.joined(separator: "\n")
  }

  /// `usage: scripts/grade [SUBMISSION] [options]`, one line per command; with several named
  /// commands, one line for all (`scripts/learn [command] [ID] [options]`).
  private var usageLines: [String] {
    let named = tool.commands.filter { $0.name != nil }
    let fallback = tool.commands.first { $0.name == nil }
    var forms: [String]
    if named.count > 1 {
      let runsAlone = fallback.map { $0.abstract != nil || $0.arguments != nil } ?? false
      var names: [String] = []
      for case let arguments? in tool.commands.map(\.arguments)
      where !names.contains(arguments.name) {
        names.append(arguments.name)
      }
      let arguments = names.count == 1 ? " [\(names[0])]" : names.isEmpty ? "" : " [arguments]"
      forms = [(runsAlone ? "[command]" : "<command>") + arguments]
    } else {
      forms = tool.commands.map(\.usage)
    }
    return forms.enumerated().map { index, form in
      (index == 0 ? "usage: " : "       ")
        + ([tool.invocation, form].filter { !$0.isEmpty })
        .joined(separator: " ") + " [options]"
    }
  }

  /// `-j, --jobs N`, or `    --shard I/N` for an option without a short name.
  static func cell<C>(_ option: CommandOption<C>) -> String {
    let names = option.short.map { "\($0), \(option.long)" } ?? "    \(option.long)"
    return names + (option.valueName.map { " \($0)" } ?? "")
  }

  /// The option's help, then what the help says of every such option: `(repeatable; default:
  /// 1)`.
  static func explanation<C>(_ option: CommandOption<C>) -> String {
    let notes = [
      option.isRepeatable ? "repeatable" : nil, option.defaultValue.map { "default: \($0)" },
    ]
    .compactMap { $0 }
    return option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
  }

  /// `  cell   explanation`, the explanation wrapped in its column; a cell too wide for the
  /// column gets a line of its own.
  static func row(_ cell: String, _ explanation: String) -> [String] {
    let indent = String(repeating: " ", count: column)
    var text = TextWrapping.wrapped(explanation, width: width - column).map { indent + $0 }
    let left = "  " + cell
    if left.count <= column - 2 {
      let first = text.isEmpty ? "" : String(text[0].dropFirst(column))
      let line = left + String(repeating: " ", count: column - left.count) + first
      text = [first.isEmpty ? left : line] + text.dropFirst()
    } else {
      text.insert(left, at: 0)
    }
    return text
  }
}
