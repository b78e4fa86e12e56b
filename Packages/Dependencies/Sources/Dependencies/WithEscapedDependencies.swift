/// Carries the current dependencies into code that escapes the current scope: a
/// `DispatchQueue` callback, a completion handler, a delegate method.
///
/// Task-local values do not survive such hops. Capture them first, then restore them with
/// ``DependencyValues/Continuation/yield(_:)`` where the escaped code runs:
///
/// ```swift
/// func saveButtonTapped() {
///   withEscapedDependencies { dependencies in
///     DispatchQueue.global().async {
///       dependencies.yield {
///         try? self.fileClient.save(self.document)  // sees the scope's overrides
///       }
///     }
///   }
/// }
/// ```
///
/// The values are captured when the continuation is made, not when it is used.
///
/// - Parameter operation: Receives the captured values, to hand to the code that escapes.
/// - Returns: What `operation` returns.
public func withEscapedDependencies<R>(
  _ operation: (DependencyValues.Continuation) throws -> R
) rethrows -> R {
  try operation(DependencyValues.Continuation())
}

/// The async form of ``withEscapedDependencies(_:)``.
///
/// ```swift
/// func exportButtonTapped() async {
///   await withEscapedDependencies { dependencies in
///     await exporter.start { result in
///       dependencies.yield { self.finish(result) }
///     }
///   }
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; by default the caller's.
///   - operation: Receives the captured values, to hand to the code that escapes.
/// - Returns: What `operation` returns.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> R
) async rethrows -> R {
  try await operation(DependencyValues.Continuation())
}

extension DependencyValues {
  /// Dependencies captured by ``withEscapedDependencies(_:)``, to be restored later, possibly on
  /// another thread.
  ///
  /// It is `Sendable`, so escaping closures can capture it; call ``yield(_:)`` where the escaped
  /// code runs.
  public struct Continuation: Sendable {
    let dependencies = DependencyValues._current

    /// Runs `operation` with the captured dependencies.
    ///
    /// A `withDependencies` inside `operation` can override them again.
    ///
    /// ```swift
    /// DispatchQueue.main.async {
    ///   dependencies.yield { model.refresh() }
    /// }
    /// ```
    ///
    /// - Parameter operation: The code that runs with the captured values.
    /// - Returns: What `operation` returns.
    public func yield<R>(_ operation: () throws -> R) rethrows -> R {
      try DependencyValues.$_current.withValue(dependencies, operation: operation)
    }

    /// Runs the async `operation` with the captured dependencies.
    ///
    /// - Parameters:
    ///   - isolation: The actor `operation` runs on; by default the caller's.
    ///   - operation: The code that runs with the captured values.
    /// - Returns: What `operation` returns.
    public func yield<R>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> R
    ) async rethrows -> R {
      try await DependencyValues.$_current.withValue(
        dependencies, operation: operation, isolation: isolation)
    }
  }
}
