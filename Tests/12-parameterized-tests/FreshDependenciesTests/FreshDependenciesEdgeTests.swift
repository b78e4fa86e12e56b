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
      Running the same trait twice should give two new generators, each starting at UUID(0), \
      but the two calls made \(made.value.map(describe).joined(separator: " and ")). Evaluate \
      the override and build the values on every call, never once for the trait or the test.
      """)
    #expect(
      counted.value == [[0, 1], [0, 1]],
      """
      The default counter should start at 0 in each call, but the two calls counted \
      \(counted.value.map(\.description).joined(separator: " and ")). Start every call from \
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
      seen.value.label == "default",
      """
      Run inside a scope that sets the label to "outer", the trait's test read the label \
      \(seen.value.label.debugDescription) instead of the default, "default": the override \
      from the scope around it leaked in. The outermost trait must replace the values: \
      $0 = DependencyValues().
      """)
    #expect(
      seen.value.numbers == [0, 1],
      """
      Run inside a scope that sets a counter starting at 50, the trait's test counted \
      \(seen.value.numbers) instead of [0, 1], a new default counter's first numbers. The \
      outermost trait must replace the values: $0 = DependencyValues().
      """)
  }

  @Test func surroundingValuesAreUntouchedAfterward() async throws {
    try await withDependencies {
      $0.label = "outer"
      $0.uuid = .incrementing
    } operation: {
      #expect(
        nextUUIDs(1) == [UUID(0)],
        "The test's own scope sets an incrementing generator: its first UUID should be UUID(0).")
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
        inside.value.label == "inside",
        """
        Inside the trait, whose overrides set the label to "inside", the test read the label \
        \(inside.value.label.debugDescription).
        """)
      #expect(
        inside.value.uuids == firstUUIDs(3),
        """
        Inside the trait, whose overrides set a new incrementing generator, the generator \
        \(madeInsteadOfFirstUUIDs(inside.value.uuids)).
        """)
      @Dependency(\.label) var label
      #expect(
        label == "outer",
        """
        After the trait's scope, the label around it read \(label.debugDescription) instead \
        of "outer": the values around the trait were changed. The test must run inside a \
        withDependencies scope of its own; never change values outside it.
        """)
      guard label == "outer" else { return }
      let after = nextUUIDs(1)
      #expect(
        after == [UUID(1)],
        """
        After the trait's scope, the generator around it, which had made UUID(0), made \
        \(describe(after)) instead of [UUID(1)]: the trait's test used it. The test must run \
        inside a withDependencies scope of its own; never change values outside it.
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
      seen.value.numbers == [7, 8],
      """
      Inside the scope of a trait that sets the label, a trait that sets a counter starting at \
      7 ran the test, which counted \(seen.value.numbers) instead of [7, 8]: the inner \
      trait's own override was not in effect.
      """)
    #expect(
      seen.value.label == "outer trait",
      """
      Inside the scope of a trait that sets the label to "outer trait", another trait ran the \
      test, which read the label \(seen.value.label.debugDescription): the inner trait \
      dropped the outer one's override. Only the outermost scope resets; mark yours with \
      Self.$isOutermost.withValue(false).
      """)
  }

  @Test func errorsFromOverridesReachTheCaller() async throws {
    let ran = LockIsolated(false)
    await #expect(
      throws: OverrideFailed.self,
      """
      The trait's overrides threw OverrideFailed, but provideScope did not throw it: an error \
      thrown while overriding should come out of provideScope.
      """
    ) {
      try await inScope(of: .freshDependencies { _ in throw OverrideFailed() }) {
        ran.setValue(true)
      }
    }
    let failing: @Sendable () throws -> String = { throw OverrideFailed() }
    await #expect(
      throws: OverrideFailed.self,
      """
      freshDependency's value threw OverrideFailed, but provideScope did not throw it: an \
      error thrown by the value should come out of provideScope.
      """
    ) {
      try await inScope(of: .freshDependency(\.label, try failing())) {
        ran.setValue(true)
      }
    }
    #expect(
      !ran.value,
      "The test ran although its overrides had thrown: it must not run when they fail.")
  }

  @Test func traitIsRecursive() {
    let traits: [FreshDependenciesTrait] = [
      .freshDependencies, .freshDependencies { _ in }, .freshDependency(\.label, "x"),
    ]
    let recursive = traits.map(\.isRecursive)
    #expect(
      recursive == [true, true, true],
      """
      Three traits' isRecursive gave \(recursive): it should be true, so a trait on a suite \
      reaches every test case inside it.
      """)
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
        label == "outer suite",
        """
        Every argument should see all three traits' overrides, unused, but this argument read \
        the label \(label.debugDescription) instead of the outer suite's "outer suite".
        """)
      guard label == "outer suite" else { return }
      // The arguments run at the same time: when they share a counter, which numbers each one
      // gets changes from run to run, so the message quotes none.
      let numbers = nextNumbers(2)
      #expect(
        numbers == [7, 8],
        """
        Every argument should see all three traits' overrides, unused, but this argument's \
        counter did not count 7, 8, the first numbers of the inner suite's new counter: either \
        that override was not in effect, or another test case drew from the same counter too.
        """)
      guard numbers == [7, 8] else { return }
      let uuids = nextUUIDs(2)
      #expect(
        uuids == firstUUIDs(2),
        """
        Every argument should see all three traits' overrides, unused, but this argument's \
        generator, the test's, \(madeInsteadOfFirstUUIDs(uuids, inParallel: true)).
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
    // The arguments run at the same time: when they share a counter, which numbers each one
    // gets, and so whether they are below the trait's 5, changes from run to run. The message
    // quotes none.
    let meaning =
      if Set(numbers).count < numbers.count {
        "Some of them got the same number, so they did not all read one counter."
      } else {
        """
        The counter they read was not a new one of the trait's for this test case alone: either \
        the trait's override was not in effect, or another test case drew from the same counter \
        too. Each test case needs its own.
        """
      }
    #expect(
      numbers.sorted() == [5, 6, 7, 8],
      """
      This argument's four child tasks did not get 5, 6, 7, 8 from their counter, the first \
      numbers of the trait's new counter. \(meaning)
      """)
  }
}
