/// One option of a tool or of one of its commands: a flag (`--no-color`) or an option with a
/// value (`-j N`, `--jobs N`), its explanation for the help, and what it changes in the command.
///
/// A value option given twice runs its closure twice: `=` keeps the last value, `+=` collects
/// them all (declare such an option `repeatable`, so the help says so).
///
/// ```swift
/// .flag("--no-color", help: "no colors in the table") { $0.color = false }
/// .value("-o", "--output", "DIR", as: .path, default: ".build-grade/reports",
///   help: "where report files go") { $0.output = $1 }
/// .repeatable("-e", "--exercise", "IDS", as: .commaSeparated(.text),
///   help: "only these exercises: ids or numbers") { $0.exercises += $1 }
/// ```
public struct CommandOption<Command>: Sendable {
  /// The one-letter name (`-j`), if any.
  public var short: String?
  /// The long name (`--jobs`): the option's name in the help and in messages.
  public var long: String
  /// The value's name in the help (`N`); nil for a flag.
  public var valueName: String?
  /// What the option does, one sentence or a few, without the default.
  public var help: String
  /// The value used when the option is not given, for the help (`.build-grade/reports`).
  public var defaultValue: String?
  /// Whether each use adds to the earlier ones (`-e 01 -e 02`), for the help.
  public var isRepeatable = false
  /// What the option's values are, for the help and messages (nil for a flag).
  public var expected: String?
  /// Changes the command for one use of the option (with its value's text, "" for a flag);
  /// returns the text the option does not take, if any (the value, or one part of it).
  let apply: @Sendable (inout Command, String) -> String?

  /// Whether `argument` names this option.
  func isNamed(_ argument: String) -> Bool { argument == long || argument == short }

  /// A flag without a short name: `--no-color`.
  public static func flag(
    _ long: String, help: String, set: @escaping @Sendable (inout Command) -> Void
  ) -> Self {
    flag(nil, long, help: help, set: set)
  }

  /// A flag: `-q, --quiet`.
  public static func flag(
    _ short: String?, _ long: String, help: String,
    set: @escaping @Sendable (inout Command) -> Void
  ) -> Self {
    CommandOption(short: short, long: long, help: help) { command, _ in
      set(&command)
      return nil
    }
  }

  /// An option with a value and without a short name: `--sandbox MODE`.
  public static func value<Value>(
    _ long: String, _ valueName: String, as value: OptionValue<Value>,
    default defaultValue: String? = nil, help: String,
    set: @escaping @Sendable (inout Command, Value) -> Void
  ) -> Self {
    Self.value(nil, long, valueName, as: value, default: defaultValue, help: help, set: set)
  }

  /// An option with a value: `-j N`, `--jobs N`. Given again, `set` runs again.
  public static func value<Value>(
    _ short: String?, _ long: String, _ valueName: String, as value: OptionValue<Value>,
    default defaultValue: String? = nil, help: String,
    set: @escaping @Sendable (inout Command, Value) -> Void
  ) -> Self {
    CommandOption(
      short: short, long: long, valueName: valueName, help: help, defaultValue: defaultValue,
      expected: value.expected
    ) { command, text in
      switch value.read(text) {
      case .success(let converted):
        set(&command, converted)
        return nil
      case .failure(let rejected):
        return rejected.text
      }
    }
  }

  /// An option whose uses add up (`-e 01,02 -e 03`): `add` receives each use's value.
  public static func repeatable<Value>(
    _ short: String?, _ long: String, _ valueName: String, as value: OptionValue<Value>,
    help: String, add: @escaping @Sendable (inout Command, Value) -> Void
  ) -> Self {
    var option = Self.value(short, long, valueName, as: value, help: help, set: add)
    option.isRepeatable = true
    return option
  }
}
