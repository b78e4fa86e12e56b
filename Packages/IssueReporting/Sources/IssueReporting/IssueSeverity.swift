/// How serious a reported issue is.
///
/// An ``IssueSeverity/error`` fails the running test; a ``IssueSeverity/warning`` is recorded
/// (Swift Testing shows it) without failing it. Outside tests both are printed to standard error.
///
/// ```swift
/// reportIssue("The cache is cold; falling back to the network.", severity: .warning)
/// ```
public enum IssueSeverity: Int, Sendable, Hashable, CustomStringConvertible {
  /// Recorded, but does not fail the test.
  case warning
  /// Fails the test that is running.
  case error

  /// The severity's name, `"warning"` or `"error"`, as a reporter would print it.
  public var description: String {
    switch self {
    case .warning: "warning"
    case .error: "error"
    }
  }
}
