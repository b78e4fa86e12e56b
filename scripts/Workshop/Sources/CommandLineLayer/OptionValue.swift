import Foundation

/// How an option's text becomes a value, and what the option takes, for the help and the
/// message when the text is not that: `--jobs takes a whole number from 1 to 64, not 'x'`.
///
/// ```swift
/// .value("-j", "--jobs", "N", as: .number(1...64), help: "…") { $0.jobs = $1 }
/// .value("--sandbox", "MODE", as: .choice(SandboxPolicy.self), help: "…") { $0.sandbox = $1 }
/// .repeatable("-e", "--exercise", "IDS", as: .commaSeparated(.text), help: "…") {
///   $0.exercises += $1
/// }
/// ```
public struct OptionValue<Value>: Sendable {
  /// What the option takes, as the end of "--jobs takes …": `a whole number from 1 to 64`.
  public var expected: String
  /// The value, or the text (all of it, or the one part) that is not what the option takes.
  let read: @Sendable (String) -> Result<Value, Rejected>

  /// A value made by `convert`, which returns nil for text that is not `expected`.
  public init(expected: String, convert: @escaping @Sendable (String) -> Value?) {
    self.expected = expected
    self.read = { text in convert(text).map { .success($0) } ?? .failure(Rejected(text: text)) }
  }

  private init(expected: String, read: @escaping @Sendable (String) -> Result<Value, Rejected>) {
    self.expected = expected
    self.read = read
  }

  /// Text an option does not take.
  struct Rejected: Error {
    var text: String
  }

  /// Several values separated by commas (spaces around them dropped, empty ones skipped):
  /// `-e 01,02`. A rejected value is named on its own.
  public static func commaSeparated<Element>(_ element: OptionValue<Element>) -> Self
  where Value == [Element] {
    OptionValue(
      expected: element.expected + ", separated by commas",
      read: { text in
        var values: [Element] = []
        for word in text.split(separator: ",") {
          switch element.read(word.trimmingCharacters(in: .whitespaces)) {
          case .success(let value): values.append(value)
          case .failure(let rejected): return .failure(Rejected(text: rejected.text))
          }
        }
        return .success(values)
      })
  }
}

extension OptionValue where Value == String {
  /// Any text, as typed.
  public static var text: Self { OptionValue(expected: "text") { $0 } }
}

extension OptionValue where Value == URL {
  /// A file or folder, relative to the current folder unless absolute.
  public static var path: Self {
    OptionValue(expected: "a path") { URL(fileURLWithPath: $0) }
  }
}

extension OptionValue where Value == Int {
  /// A whole number in `range`.
  public static func number(_ range: ClosedRange<Int>) -> Self {
    OptionValue(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
      Int($0).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  /// A whole number above `minimum - 1`: `a whole number above 0`.
  public static func number(atLeast minimum: Int) -> Self {
    OptionValue(expected: "a whole number above \(minimum - 1)") {
      Int($0).flatMap { $0 >= minimum ? $0 : nil }
    }
  }
}

extension OptionValue
where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
  /// One of the raw values of `Value`'s cases: `auto, required, off, bwrap or unshare`.
  public static func choice(_ type: Value.Type = Value.self) -> Self {
    let cases = Array(Value.allCases)
    let names = cases.map(\.rawValue)
    let listed =
      names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    return OptionValue(expected: listed) { text in cases.first { $0.rawValue == text } }
  }
}
