/// Reads a command line by its tool's declaration, in three steps: the options with their
/// values, then the command (the first argument that is not an option, or the default
/// command), then the command's arguments.
struct CommandLineParser<Command> {
  let tool: CommandLineTool<Command>

  /// One use of an option: the name as typed, the option and its value's text.
  private struct Use {
    var typed: String
    var option: CommandOption<Command>
    var value: String
  }

  func parse(_ arguments: [String], into start: Command) throws(UsageError) -> Command {
    var result = start
    if arguments.contains(where: tool.helpWords.contains) {
      tool.showHelp(&result)
      return result
    }
    var uses: [Use] = []
    var positional: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        positional.append(argument)
        continue
      }
      let every = tool.options + tool.commands.flatMap(\.options)
      guard let option = every.first(where: { $0.isNamed(argument) }) else {
        throw tool.misuse("unknown option '\(argument)'")
      }
      var value = ""
      if let valueName = option.valueName {
        guard index < arguments.count, !looksLikeOption(arguments[index]) else {
          throw tool.misuse("\(argument) needs a value: \(argument) \(valueName)")
        }
        value = arguments[index]
        index += 1
      }
      uses.append(Use(typed: argument, option: option, value: value))
    }
    let command = try choose(&positional, firstArgument: arguments.first)
    for use in uses {
      guard (tool.options + command.options).contains(where: { $0.long == use.option.long }) else {
        let owner = tool.commands.first { $0.options.contains { $0.long == use.option.long } }
        throw tool.misuse(
          "\(label(command)) does not take \(use.typed); it goes with \(line(owner))")
      }
      if let rejected = use.option.apply(&result, use.value) {
        throw tool.misuse("\(use.typed) takes \(use.option.expected ?? ""), not '\(rejected)'")
      }
    }
    try check(positional, against: command)
    command.apply(&result, positional)
    return result
  }

  /// The command the line names, taken off `positional`; else the default command. When the
  /// default command takes arguments, only the line's first argument can name a command (so
  /// `scripts/grade -q merge` grades a folder named merge).
  private func choose(_ positional: inout [String], firstArgument: String?) throws(UsageError)
    -> Subcommand<Command>
  {
    let fallback = tool.commands.first { $0.name == nil }
    let mayNameCommand = fallback?.arguments == nil || firstArgument == positional.first
    if mayNameCommand, let word = positional.first,
      let command = tool.commands.first(where: { $0.name == word })
    {
      positional.removeFirst()
      return command
    }
    if let fallback, fallback.arguments != nil || positional.isEmpty { return fallback }
    let names = tool.commands.compactMap(\.name)
    let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    guard let word = positional.first else {
      throw tool.misuse("name a command: \(listed)")
    }
    throw tool.misuse("unknown command '\(word)'; the commands are \(listed)")
  }

  /// Refuses too few or too many arguments for `command`.
  private func check(_ positional: [String], against command: Subcommand<Command>)
    throws(UsageError)
  {
    let quoted = positional.map { "'\($0)'" }.joined(separator: " ")
    guard let takes = command.arguments else {
      guard positional.isEmpty else {
        throw tool.misuse("\(label(command)) takes no arguments, not \(quoted)")
      }
      return
    }
    guard !takes.accept(positional.count) else { return }
    if positional.isEmpty {
      throw tool.misuse("\(label(command)) needs \(takes.name): \(line(command))")
    }
    throw tool.misuse(
      "\(label(command)) takes one \(takes.name), not \(positional.count) (\(quoted))")
  }

  /// How messages name a command: `check`, or `scripts/grade` for the default command.
  private func label(_ command: Subcommand<Command>) -> String {
    command.name ?? tool.invocation
  }

  /// A command's whole line: `scripts/learn reset ID`.
  private func line(_ command: Subcommand<Command>?) -> String {
    let usage = command?.usage ?? ""
    return usage.isEmpty ? tool.invocation : "\(tool.invocation) \(usage)"
  }

  /// Whether `argument`, where a value is expected, is an option instead (`-q`); a negative
  /// number (`-1`) is a value.
  private func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && !(argument.dropFirst().first?.isNumber ?? false)
  }
}
