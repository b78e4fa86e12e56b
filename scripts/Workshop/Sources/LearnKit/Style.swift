import Foundation

/// Colors for the learner's terminal, or none: when the output is not a terminal, when
/// `NO_COLOR` is set (https://no-color.org), or with `--no-color`. The text reads the same
/// without them; the marks (✔ ✘ ▶) carry the meaning.
///
/// ```swift
/// let style = Style(color: Style.wantsColor(flag: true, isTerminal: true))
/// print(style.red("✘") + " Step 3")
/// ```
public struct Style: Sendable, Equatable {
  /// Whether to paint at all.
  public var color: Bool

  public init(color: Bool) {
    self.color = color
  }

  /// Whether to use colors: only on a terminal, without `--no-color`, and when `NO_COLOR` is
  /// absent or empty.
  public static func wantsColor(
    flag: Bool, isTerminal: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    flag && isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// `text` in red (failures), green (passes), yellow (the current place, hints), bold or dim;
  /// unchanged without colors.
  public func red(_ text: String) -> String { paint(text, "31") }
  public func green(_ text: String) -> String { paint(text, "32") }
  public func yellow(_ text: String) -> String { paint(text, "33") }
  public func bold(_ text: String) -> String { paint(text, "1") }
  public func dim(_ text: String) -> String { paint(text, "2") }

  private func paint(_ text: String, _ code: String) -> String {
    color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
