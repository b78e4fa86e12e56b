import Testing

@testable import LearnKit

@Suite struct TestExpectationsTests {
  static let tests = """
    import Testing

    protocol Checker {
      func check()
    }

    @Suite("Step 1: the welcome")
    struct WelcomeTests {
      @Test("an empty body")
      func empty() async {
        // #expect(model.welcome == nil) is only a comment
        let text = "#expect(false)"
        _ = text
      }

      @Test("a direct expectation")
      func direct() async throws {
        #expect(1 + 1 == 2)
      }

      @Test("through two helpers")
      func helpers() {
        outer()
      }

      @Test("a helper that checks nothing")
      func silentHelper() {
        silent()
      }

      @Test func recorded() {
        Issue.record("always")
      }

      @Test func required() throws {
        _ = try #require(Int("1"))
      }

      @Test func xctest() {
        XCTAssertEqual(1, 1)
      }

      @Test func inAClosure() async {
        await confirmation { confirmed in confirmed() }
      }

      func outer() { inner(3) }
      func inner(_ value: Int) { #expect(value == 3) }
      func silent() { print("nothing") }
    }
    """

  let expectations = TestExpectations(files: ["WelcomeTests.swift": Self.tests])

  /// The line of the `@Test` before `name`'s `func`.
  func line(of name: String) throws -> Int {
    let lines = Self.tests.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(lines.firstIndex { $0.contains("func \(name)(") })
    return lines[index - 1].contains("@Test") ? index : index + 1
  }

  @Test(arguments: [
    ("empty", false), ("direct", true), ("helpers", true), ("silentHelper", false),
    ("recorded", true), ("required", true), ("xctest", true), ("inAClosure", true),
  ])
  func aTestChecksSomethingOnlyWithAnExpectation(name: String, checks: Bool) throws {
    let found = expectations.checksSomething(file: "WelcomeTests.swift", line: try line(of: name))
    #expect(
      found == checks,
      "\(name): expected \(checks ? "an expectation" : "none"), read \(String(describing: found))"
    )
  }

  @Test func aTestThatIsNotThereIsNotJudged() {
    #expect(expectations.checksSomething(file: "OtherTests.swift", line: 1) == nil)
    #expect(expectations.checksSomething(file: "WelcomeTests.swift", line: 10_000) == nil)
  }
}
