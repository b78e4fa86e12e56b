import Dependencies
import Synchronization
import XCTest

/// Starts every XCTest test method from fresh default values.
///
/// Defaults are cached once per process (for Swift Testing, once per test). XCTest runs a test
/// case's methods one after another in one process, so without this a stateful default made by
/// one method — an incrementing UUID generator, a prepared value, a prepared context — would
/// reach the next, and a test's result would depend on which ran before it. Before each method
/// starts, this observer forgets every cached and prepared default, as swift-dependencies' own
/// test observer does. Swift Testing tests get the same from the `.dependencies` traits.
///
/// The forgotten values are kept alive until the process ends rather than released as the next
/// test starts: a value whose `deinit` checks something (and fails the running test when it does
/// not hold) would otherwise report into a test that never made it.
final class DefaultsResetObserver: NSObject, XCTestObservation {
  private let retired = Mutex<[any AnyObject & Sendable]>([])

  func testCaseWillStart(_ testCase: XCTestCase) {
    let forgotten = DependencyValues.forgetProcessDefaults()
    retired.withLock { $0 += forgotten }
  }
}

/// Registers the observer with XCTest.
///
/// Called by a C constructor in `DependenciesTestSupportLoader` when the test process loads, so a
/// test target only has to depend on `DependenciesTestSupport`: no code, no `invokeTest`
/// override. An app never links this module, so it never links XCTest.
@_cdecl("dependencies_test_support_register")
public func registerDefaultsReset() {
  XCTestObservationCenter.shared.addTestObserver(DefaultsResetObserver())
}
