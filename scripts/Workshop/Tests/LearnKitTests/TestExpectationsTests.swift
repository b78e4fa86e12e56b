import ExerciseModel
import Foundation
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

  /// Every test of the course's reference suites checks something, and no test of their
  /// starters does: a learner starts from tests that check nothing yet.
  @Test func theReferenceSuitesCheckSomethingAndTheStartersNothing() throws {
    let layout = WorkspaceLayout(root: LearnFixture.repository)
    let ids = try Catalogue.load(in: layout).entries.map(\.id)
    var checked = 0
    for id in ids {
      let sources = try ExerciseSources(id: id, layout: layout)
      guard sources.manifest.gradesTests else { continue }
      let own = { (tree: SourceTree) in
        tree.files.filter {
          $0.key.hasSuffix(".swift") && !sources.manifest.visibleTestFiles.contains($0.key)
        }.mapValues { String(decoding: $0, as: UTF8.self) }
      }
      for (suite, expected) in [
        (own(try sources.solvedReferenceSuite()), true),
        (own(try sources.suite(.starter)), false),
      ] {
        let expectations = TestExpectations(files: suite)
        for (file, text) in suite {
          for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("@Test")
          {
            checked += 1
            #expect(
              expectations.checksSomething(file: file, line: index + 1) == expected,
              "\(id) \(file):\(index + 1) in the \(expected ? "reference" : "starter") suite")
          }
        }
      }
    }
    #expect(checked > 50)
  }

  @Test func aTestThatIsNotThereIsNotJudged() {
    #expect(expectations.checksSomething(file: "OtherTests.swift", line: 1) == nil)
    #expect(expectations.checksSomething(file: "WelcomeTests.swift", line: 10_000) == nil)
  }
}
