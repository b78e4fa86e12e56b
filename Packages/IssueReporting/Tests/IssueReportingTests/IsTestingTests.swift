import Testing

@testable import IssueReporting

@Suite struct IsTestingTests {
  @Test func isTrueUnderSwiftTest() {
    #expect(isTesting)
  }

  @Test func isSwiftTestingInsideATest() {
    let context = TestContext.current
    #expect(context?.isSwiftTesting == true)
    guard case .swiftTesting(let testing?) = context else {
      Issue.record("Expected the running Swift Testing test, got \(String(describing: context))")
      return
    }
    #expect(testing.name.contains("isSwiftTestingInsideATest"))
  }

  @Test(arguments: [
    (["/work/.build/debug/AppPackageTests.xctest"], true),
    (["/work/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"], true),
    (["/usr/bin/xctest", "Bundle.xctest"], true),
    (["/usr/lib/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "x"], true),
    (["/usr/local/bin/my-app", "--verbose"], false),
    (["/usr/local/bin/xctester"], false),
  ])
  func detectsTestRunnersFromArguments(arguments: [String], expected: Bool) {
    let process = ProcessDescription(arguments: arguments, environment: [:])
    #expect(process.isTesting == expected)
  }

  @Test(arguments: ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"])
  func detectsXcodeFromTheEnvironment(key: String) {
    let process = ProcessDescription(arguments: ["/Applications/App"], environment: [key: "1"])
    #expect(process.isTesting)
  }

  @Test func swiftTestingPassNeedsItsLibraryArgument() {
    let swiftTesting = ProcessDescription(
      arguments: ["x.xctest", "--testing-library", "swift-testing"], environment: [:])
    let xcTest = ProcessDescription(arguments: ["x.xctest"], environment: [:])
    let truncated = ProcessDescription(
      arguments: ["x.xctest", "--testing-library"], environment: [:])
    #expect(swiftTesting.isSwiftTestingPass)
    #expect(!xcTest.isSwiftTestingPass)
    #expect(!truncated.isSwiftTestingPass)
  }
}
