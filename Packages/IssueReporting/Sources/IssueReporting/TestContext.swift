/// Which test framework is running the current test, if any.
///
/// ```swift
/// switch TestContext.current {
/// case .swiftTesting: print("inside a @Test")
/// case .xcTest: print("inside an XCTestCase")
/// case nil: print("not testing")
/// }
/// ```
///
/// Telling Swift Testing apart from XCTest needs `IssueReportingTestSupport` linked into the
/// test target; without it every test is taken to be an XCTest test.
public enum TestContext: Sendable, Hashable {
  /// A Swift Testing test is running on this task.
  case swiftTesting(Testing?)
  /// The process runs XCTest tests (or Swift Testing could not be asked).
  case xcTest

  /// The framework running the current test, or `nil` outside tests.
  public static var current: TestContext? {
    guard isTesting else { return nil }
    if let test = TestFrameworkHooks.current?.currentSwiftTest() {
      return .swiftTesting(test)
    }
    return ProcessDescription.current.isSwiftTestingPass ? .swiftTesting(nil) : .xcTest
  }

  /// Whether this is a Swift Testing context.
  public var isSwiftTesting: Bool {
    if case .swiftTesting = self { return true }
    return false
  }

  /// The Swift Testing test that is running.
  ///
  /// It is `@unchecked Sendable` because `AnyHashable` is not, but its initializer only accepts
  /// identifiers that are.
  public struct Testing: @unchecked Sendable, Hashable {
    /// The test's identifier, as Swift Testing reports it.
    public let id: AnyHashable
    /// The test's display name or function name.
    public let name: String

    package init(id: some Hashable & Sendable, name: String) {
      self.id = AnyHashable(id)
      self.name = name
    }

    /// Whether two values describe the same test: only the identifiers are compared.
    ///
    /// - Parameters:
    ///   - lhs: A test.
    ///   - rhs: Another test.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id
    }

    /// Hashes the test's identifier, the one part that ``==(_:_:)`` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(id)
    }
  }
}
