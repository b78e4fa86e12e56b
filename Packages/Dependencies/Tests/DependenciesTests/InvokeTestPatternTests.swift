import Dependencies
import Foundation
import XCTest

/// XCTest has no traits; override `invokeTest` to give every test of a case the same
/// dependencies, as the testing article shows. Starting from `DependencyValues()` also gives each
/// test fresh default values.
final class InvokeTestPatternTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0 = DependencyValues()
      $0.greeting = "from invokeTest"
      $0.uuid = .incrementing
    } operation: {
      super.invokeTest()
    }
  }

  func testEveryTestSeesTheOverrides() {
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(greeting, "from invokeTest")
  }

  func testEachTestGetsItsOwnGenerator() {
    @Dependency(\.uuid) var uuid
    XCTAssertEqual(uuid(), UUID(0))
    XCTAssertEqual(uuid(), UUID(1))
  }

  func testATestCanStillOverrideInAScope() {
    withDependencies {
      $0.greeting = "scoped"
    } operation: {
      @Dependency(\.greeting) var greeting
      XCTAssertEqual(greeting, "scoped")
    }
  }
}
