extension DependencyValues {
  /// Starts work that the caller does not wait for, such as sending an email or logging an
  /// event after a request succeeded; in tests, the caller waits for it, so the test can check
  /// what it did.
  ///
  /// A `Task { … }` is the usual way to start such work, but a test cannot tell when it is done:
  /// it ends up sleeping or yielding "enough" times, which is slow and flaky. Start the work with
  /// this dependency instead:
  ///
  /// ```swift
  /// struct AccountService {
  ///   @Dependency(\.database) var database
  ///   @Dependency(\.emailClient) var emailClient
  ///   @Dependency(\.fireAndForget) var fireAndForget
  ///
  ///   func changeEmail(of userID: User.ID, to address: String) async throws {
  ///     try await database.updateEmail(userID, address)
  ///     await fireAndForget {
  ///       try await emailClient.send(to: address, subject: "Your email address was changed")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// In the app the work runs in a new unstructured task and `changeEmail` returns at once. In
  /// tests the call awaits the work, so when `changeEmail` returns the email has been sent, and
  /// an error the work throws fails the test:
  ///
  /// ```swift
  /// @Test func changingTheEmailSendsANotice() async throws {
  ///   let sent = LockIsolated<[String]>([])
  ///   try await withDependencies {
  ///     $0.database.updateEmail = { _, _ in }
  ///     $0.emailClient.send = { address, _ in sent.withValue { $0.append(address) } }
  ///   } operation: {
  ///     try await AccountService().changeEmail(of: 1, to: "blob@example.com")
  ///   }
  ///   #expect(sent.value == ["blob@example.com"])
  /// }
  /// ```
  ///
  /// The test value needs no override, and reading it reports nothing.
  public var fireAndForget: FireAndForget {
    self[FireAndForgetKey.self]
  }
}

/// Starts work nobody waits for: the value of ``DependencyValues/fireAndForget``.
///
/// The live value starts an unstructured task and returns; the test value runs the work in a
/// task it awaits, reporting any error the work throws.
public struct FireAndForget: Sendable {
  /// Starts `operation` (its third argument), with the task name and priority given.
  public let operation:
    @Sendable (String?, TaskPriority?, @Sendable @escaping () async throws -> Void) async -> Void

  /// Starts `operation` in a task with the given name and priority.
  ///
  /// ```swift
  /// await fireAndForget(name: "Send receipt", priority: .background) {
  ///   try await emailClient.send(receipt)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name of the task, for debugging tools.
  ///   - priority: The priority of the task; by default the caller's.
  ///   - operation: The work. An error it throws is dropped in the app and reported in tests.
  public func callAsFunction(
    name: String? = nil,
    priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @Sendable @escaping () async throws -> Void
  ) async {
    await self.operation(name, priority) { try await operation() }
  }
}

// Task names need Swift 6.2; older compilers start the same tasks without one.
private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { name, priority, operation in
    #if compiler(>=6.2)
      _ = Task(name: name, priority: priority) { try await operation() }
    #else
      _ = Task(priority: priority) { try await operation() }
    #endif
  }

  static let testValue = FireAndForget { name, priority, operation in
    #if compiler(>=6.2)
      let task = Task(name: name, priority: priority) {
        await withErrorReporting { try await operation() }
      }
    #else
      let task = Task(priority: priority) {
        await withErrorReporting { try await operation() }
      }
    #endif
    await task.value
  }
}
