import Dependencies
import Foundation
import XCTest

/// A default that remembers how often it was used: a fresh one starts at zero.
final class UseCounter: Sendable {
  private let count = LockIsolated(0)
  /// Counts one use and returns how many there have been.
  func use() -> Int {
    count.withValue {
      $0 += 1
      return $0
    }
  }
}

private enum UseCounterKey: TestDependencyKey {
  static var testValue: UseCounter { UseCounter() }
}

extension DependencyValues {
  fileprivate var useCounter: UseCounter {
    get { self[UseCounterKey.self] }
    set { self[UseCounterKey.self] = newValue }
  }
}

/// XCTest runs these methods one after another in one process, with no `invokeTest` override:
/// linking DependenciesTestSupport is enough for each to start from fresh defaults, whichever
/// ran before it.
final class XCTestFreshDefaultsTests: XCTestCase {
  func testA_aStatefulDefaultStartsFresh() {
    @Dependency(\.useCounter) var counter
    XCTAssertEqual(counter.use(), 1, "the first use in this test method")
  }

  func testB_aStatefulDefaultStartsFreshAgain() {
    @Dependency(\.useCounter) var counter
    XCTAssertEqual(counter.use(), 1, "the first use in this test method")
  }

  func testC_anIncrementingGeneratorPreparedHere() {
    prepareDependencies { $0.uuid = .incrementing }
    @Dependency(\.uuid) var uuid
    XCTAssertEqual(uuid(), UUID(0))
    XCTAssertEqual(uuid(), UUID(1))
  }

  func testD_canBePreparedAgainInTheNextMethod() {
    prepareDependencies { $0.uuid = .incrementing }
    @Dependency(\.uuid) var uuid
    XCTAssertEqual(uuid(), UUID(0))
  }

  func testE_aContextPreparedHere() {
    prepareDependencies { $0.context = .live }
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(greeting, "live")
  }

  func testF_isForgottenInTheNextMethod() {
    @Dependency(\.context) var context
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(context, .test)
    XCTAssertEqual(greeting, "test")
  }
}
