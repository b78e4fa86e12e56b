import Synchronization

/// The reporters that receive issues.
///
/// By default the list holds one reporter, ``IssueReporter/default``. Change it for the whole
/// process by assigning ``current`` (for example in an app's entry point), or for one scope with
/// ``withIssueReporters(_:operation:)``.
///
/// ```swift
/// IssueReporters.current = [.default, CrashReporter()]
/// ```
public enum IssueReporters {
  /// The reporters in effect for the current task.
  public static var current: [any IssueReporter] {
    get { scoped?.reporters ?? global.withLock(witness: globalWitness) { $0 } }
    set {
      if let scoped {
        scoped.set(newValue)
      } else {
        global.withLock(witness: globalWitness) { $0 = newValue }
      }
    }
  }

  private static let global = Mutex<[any IssueReporter]>([.default])
  private static let globalWitness = Atomic<UInt8>(0)

  @TaskLocal static var scoped: ScopedReporters?

  final class ScopedReporters: Sendable {
    private let storage: Mutex<[any IssueReporter]>
    private let witness = Atomic<UInt8>(0)
    init(_ reporters: [any IssueReporter]) { storage = Mutex(reporters) }
    var reporters: [any IssueReporter] { storage.withLock(witness: witness) { $0 } }
    func set(_ reporters: [any IssueReporter]) {
      storage.withLock(witness: witness) { $0 = reporters }
    }
  }
}

/// Runs `operation` with `reporters` receiving every issue reported inside it (and in tasks it
/// creates), instead of ``IssueReporters/current``.
///
/// A test uses it to look at the exact issues a piece of code reports, without failing:
///
/// ```swift
/// let collector = CollectingReporter()
/// withIssueReporters([collector]) {
///   reportIssue("Not found")
/// }
/// #expect(collector.messages == ["Not found"])
/// ```
///
/// An empty list silences every report inside `operation`. Assigning ``IssueReporters/current``
/// inside `operation` changes the list of this scope only.
///
/// - Parameters:
///   - reporters: The reporters that receive issues inside `operation`.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  operation: () throws -> R
) rethrows -> R {
  try IssueReporters.$scoped.withValue(.init(reporters), operation: operation)
}

/// Runs the async `operation` with `reporters` receiving every issue reported inside it (and in
/// tasks it creates), instead of ``IssueReporters/current``.
///
/// ```swift
/// let collector = CollectingReporter()
/// await withIssueReporters([collector]) {
///   await model.refresh()
/// }
/// #expect(collector.messages.isEmpty)
/// ```
///
/// - Parameters:
///   - reporters: The reporters that receive issues inside `operation`.
///   - isolation: The actor `operation` runs on; the caller's, unless you say otherwise.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueReporters.$scoped.withValue(
    .init(reporters), operation: operation, isolation: isolation)
}
