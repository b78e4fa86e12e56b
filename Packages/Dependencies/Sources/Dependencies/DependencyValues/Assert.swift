extension DependencyValues {
  /// Checks a condition that should hold while developing: it stops a debug build of the app when
  /// the condition is false, and in tests it fails the test instead of crashing the test run.
  ///
  /// Swift's own `assert` traps, so a test that wants to prove "this misuse is caught" cannot
  /// run it: the whole test process would stop. Asking this dependency instead keeps the check
  /// in the app and turns it into an ordinary test failure, with the message, at the line that
  /// checked:
  ///
  /// ```swift
  /// @Observable final class CartModel {
  ///   @ObservationIgnored @Dependency(\.assert) var assert
  ///   var items: [Item] = []
  ///
  ///   func remove(at index: Int) {
  ///     assert(items.indices.contains(index), "No item at index \(index)")
  ///     guard items.indices.contains(index) else { return }
  ///     items.remove(at: index)
  ///   }
  /// }
  /// ```
  ///
  /// A test needs no override: the test value reports instead of trapping, so the misuse can be
  /// expected like any other issue.
  ///
  /// ```swift
  /// @Test func removingAMissingItem() {
  ///   let model = CartModel()
  ///   withKnownIssue {
  ///     model.remove(at: 3)
  ///   } matching: { issue in
  ///     issue.comments.contains { $0.rawValue == "No item at index 3" }
  ///   }
  ///   #expect(model.items.isEmpty)
  /// }
  /// ```
  ///
  /// Like Swift's `assert`, the live check only runs in debug builds. See
  /// ``DependencyValues/precondition`` for a check that also runs in release builds.
  public var assert: any AssertionEffect {
    self[AssertKey.self]
  }

  /// Marks code that should never run, like Swift's `assertionFailure`: it stops a debug build
  /// of the app, and in tests it fails the test instead of crashing the test run.
  ///
  /// It is ``DependencyValues/assert`` with a condition that is always false, so it follows that
  /// dependency's value.
  ///
  /// ```swift
  /// @Observable final class PlayerModel {
  ///   @ObservationIgnored @Dependency(\.assertionFailure) var assertionFailure
  ///   var state = State.stopped
  ///
  ///   func pauseButtonTapped() {
  ///     guard state == .playing else {
  ///       assertionFailure("Pause is only shown while playing, but the state is \(state)")
  ///       return
  ///     }
  ///     state = .paused
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// @Test func pausingWhileStopped() {
  ///   let model = PlayerModel()
  ///   withKnownIssue {
  ///     model.pauseButtonTapped()
  ///   }
  ///   #expect(model.state == .stopped)
  /// }
  /// ```
  public var assertionFailure: any AssertionFailureEffect {
    AlwaysFailingAssertion(base: assert)
  }

  /// Checks a condition the program cannot continue without, like Swift's `precondition`: it
  /// stops the app (in debug and release builds) when the condition is false, and in tests it
  /// fails the test instead of crashing the test run.
  ///
  /// ```swift
  /// struct Ledger {
  ///   @Dependency(\.precondition) var precondition
  ///   private(set) var balance = 0
  ///
  ///   mutating func withdraw(_ amount: Int) {
  ///     precondition(amount <= balance, "Cannot withdraw \(amount) from \(balance)")
  ///     balance -= amount
  ///   }
  /// }
  /// ```
  ///
  /// Because the test value reports and returns, code after the check still runs in a test, so
  /// the test can also say what happens next:
  ///
  /// ```swift
  /// @Test func overdrawing() {
  ///   var ledger = Ledger()
  ///   withKnownIssue {
  ///     ledger.withdraw(10)
  ///   } matching: { issue in
  ///     issue.comments.contains { $0.rawValue == "Cannot withdraw 10 from 0" }
  ///   }
  ///   #expect(ledger.balance == -10)
  /// }
  /// ```
  public var precondition: any AssertionEffect {
    self[PreconditionKey.self]
  }
}

/// A check that a condition holds: the value of ``DependencyValues/assert`` and
/// ``DependencyValues/precondition``.
///
/// Call it like Swift's `assert`; the message and the location are optional:
///
/// ```swift
/// @Dependency(\.assert) var assert
/// assert(count >= 0, "The count went negative")
/// ```
public protocol AssertionEffect: Sendable {
  /// Checks `condition`; when it is false, stops the program or reports `message` at `file` and
  /// `line`.
  ///
  /// A conformance implements this one; callers use the form whose message and location are
  /// optional.
  ///
  /// - Parameters:
  ///   - condition: The condition that should hold.
  ///   - message: What went wrong, evaluated only when `condition` is false.
  ///   - file: The file to name when `condition` is false.
  ///   - line: The line to name when `condition` is false.
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`, naming the caller's line when it is false.
  ///
  /// ```swift
  /// assert(balance >= 0, "The balance went negative")
  /// ```
  ///
  /// - Parameters:
  ///   - condition: The condition that should hold.
  ///   - message: What went wrong, evaluated only when `condition` is false; empty by default.
  ///   - file: The file to name when `condition` is false, filled in by the compiler.
  ///   - line: The line to name when `condition` is false, filled in by the compiler.
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(condition(), message(), file: file, line: line)
  }
}

/// A failure that is always reported: the value of ``DependencyValues/assertionFailure``.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("Unknown route \(route)")
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Stops the program, or reports `message` at `file` and `line`.
  ///
  /// A conformance implements this one; callers use the form whose message and location are
  /// optional.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - file: The file to name.
  ///   - line: The line to name.
  func callAsFunction(
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionFailureEffect {
  /// Fails, naming the caller's line.
  ///
  /// ```swift
  /// assertionFailure("Unknown route \(route)")
  /// ```
  ///
  /// - Parameters:
  ///   - message: What went wrong; empty by default.
  ///   - file: The file to name, filled in by the compiler.
  ///   - line: The line to name, filled in by the compiler.
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(message(), file: file, line: line)
  }
}

/// The live `assert`: Swift's, which is only checked in debug builds.
private struct SwiftAssert: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

/// The live `precondition`: Swift's, which is checked in debug and release builds.
private struct SwiftPrecondition: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

/// The test value of both checks: a false condition becomes a reported issue, and the code goes
/// on.
private struct ReportingAssertion: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    if condition() { return }
    reportIssue(message(), fileID: file, filePath: file, line: line, column: 1)
  }
}

/// `assertionFailure` in terms of whichever `assert` is in effect.
private struct AlwaysFailingAssertion: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    base(false, message(), file: file, line: line)
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue: any AssertionEffect = SwiftAssert()
  static let testValue: any AssertionEffect = ReportingAssertion()
}

private enum PreconditionKey: DependencyKey {
  static let liveValue: any AssertionEffect = SwiftPrecondition()
  static let testValue: any AssertionEffect = ReportingAssertion()
}
