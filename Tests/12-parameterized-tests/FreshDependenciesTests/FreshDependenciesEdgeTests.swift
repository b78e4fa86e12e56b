import Dependencies
import Foundation
import FreshDependencies
import Testing

// Edge cases. The first suite calls your trait's provideScope directly, one call after another,
// so what it checks does not depend on how Swift Testing schedules tests.

/// Runs `body` inside `trait`'s scope for the current test, the way Swift Testing would.
private func inScope(
  of trait: FreshDependenciesTrait,
  _ body: @Sendable () async throws -> Void
) async throws {
  let test = try #require(Test.current, "No test is running.")
  try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
}

@Suite struct ProvideScopeTests {
  @Test func eachCallStartsFresh() async throws {
    let trait: FreshDependenciesTrait = .freshDependency(\.uuid, .incrementing)
    let made = LockIsolated<[[UUID]]>([])
    let counted = LockIsolated<[[Int]]>([])
    for _ in 1...2 {
      try await inScope(of: trait) {
        made.withValue { $0.append(nextUUIDs(2)) }
        counted.withValue { $0.append(nextNumbers(2)) }
      }
    }
    #expect(
      made.value == [firstUUIDs(2), firstUUIDs(2)],
      """
      Running the same trait twice should give two new generators, each starting at UUID(0). \
      Evaluate the override and build the values on every call, never once for the trait or \
      the test.
      """)
    #expect(
      counted.value == [[0, 1], [0, 1]],
      """
      The default counter should start at 0 in each call. Start every call from \
      `DependencyValues()`, not from values kept from an earlier call.
      """)
  }

  @Test func surroundingOverridesAreReset() async throws {
    let seen = LockIsolated<(label: String, numbers: [Int])>(("", []))
    try await withDependencies {
      $0.label = "outer"
      $0.counter = .starting(at: 50)
    } operation: {
      try await inScope(of: .freshDependencies) {
        @Dependency(\.label) var label
        seen.setValue((label, nextNumbers(2)))
      }
    }
    #expect(
      seen.value.label == "default" && seen.value.numbers == [0, 1],
      """
      Inside the trait the test saw \(seen.value): overrides from the scope around it leaked in. \
      The outermost trait must replace the values: $0 = DependencyValues().
      """)
  }

  @Test func surroundingValuesAreUntouchedAfterward() async throws {
    try await withDependencies {
      $0.label = "outer"
      $0.uuid = .incrementing
    } operation: {
      #expect(nextUUIDs(1) == [UUID(0)])
      let inside = LockIsolated<(label: String, uuids: [UUID])>(("", []))
      try await inScope(
        of: .freshDependencies {
          $0.label = "inside"
          $0.uuid = .incrementing
        }
      ) {
        @Dependency(\.label) var label
        inside.setValue((label, nextUUIDs(3)))
      }
      #expect(
        inside.value.label == "inside" && inside.value.uuids == firstUUIDs(3),
        "Inside the trait the test should see its own label and a new generator at UUID(0).")
      @Dependency(\.label) var label
      #expect(
        label == "outer" && nextUUIDs(1) == [UUID(1)],
        """
        After the trait's scope, the values around it were changed or used up. The test must \
        run inside a withDependencies scope of its own; never change values outside it.
        """)
    }
  }

  @Test func nestedScopesLayer() async throws {
    let seen = LockIsolated<(label: String, numbers: [Int])>(("", []))
    try await inScope(of: .freshDependency(\.label, "outer trait")) {
      try await inScope(of: .freshDependency(\.counter, .starting(at: 7))) {
        @Dependency(\.label) var label
        seen.setValue((label, nextNumbers(2)))
      }
    }
    #expect(
      seen.value.label == "outer trait" && seen.value.numbers == [7, 8],
      """
      A trait inside another saw \(seen.value) instead of the outer label and its own counter. \
      Only the outermost scope resets; mark yours with Self.$isOutermost.withValue(false).
      """)
  }

  @Test func errorsFromOverridesReachTheCaller() async throws {
    let ran = LockIsolated(false)
    await #expect(
      throws: OverrideFailed.self,
      "An error thrown while overriding should come out of provideScope."
    ) {
      try await inScope(of: .freshDependencies { _ in throw OverrideFailed() }) {
        ran.setValue(true)
      }
    }
    let failing: @Sendable () throws -> String = { throw OverrideFailed() }
    await #expect(
      throws: OverrideFailed.self,
      "An error thrown by freshDependency's value should come out of provideScope."
    ) {
      try await inScope(of: .freshDependency(\.label, try failing())) {
        ran.setValue(true)
      }
    }
    #expect(!ran.value, "The test must not run when its overrides failed.")
  }

  @Test func traitIsRecursive() {
    let traits: [FreshDependenciesTrait] = [
      .freshDependencies, .freshDependencies { _ in }, .freshDependency(\.label, "x"),
    ]
    let recursive = traits.map(\.isRecursive)
    #expect(
      recursive == [true, true, true],
      "isRecursive should be true, so a trait on a suite reaches every test case inside it.")
  }
}

// MARK: - Traits on nested suites and a test

@Suite(.freshDependency(\.label, "outer suite"))
struct NestedSuiteTests {
  @Suite(.freshDependencies { $0.counter = .starting(at: 7) })
  struct Inner {
    @Test(.freshDependency(\.uuid, .incrementing), arguments: 0..<6)
    func threeTraitsLayer(argument: Int) {
      @Dependency(\.label) var label
      #expect(
        label == "outer suite" && nextNumbers(2) == [7, 8] && nextUUIDs(2) == firstUUIDs(2),
        """
        Every argument should see all three traits' overrides, unused: the outer suite's \
        label, the inner suite's counter at 7, the test's generator at UUID(0).
        """)
    }
  }
}

// MARK: - Many arguments at once

@Suite struct ParallelArgumentTests {
  // Each argument's child tasks share that argument's counter, and only that one.
  @Test(.freshDependency(\.counter, .starting(at: 5)), arguments: 0..<16)
  func childTasksShareOnlyTheirArgumentsValues(argument: Int) async {
    let numbers = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          @Dependency(\.counter) var counter
          return counter.next()
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(
      numbers.sorted() == [5, 6, 7, 8],
      """
      An argument's four child tasks did not get 5, 6, 7, 8 from their counter: another argument \
      used the same counter. Each test case needs its own.
      """)
  }
}
