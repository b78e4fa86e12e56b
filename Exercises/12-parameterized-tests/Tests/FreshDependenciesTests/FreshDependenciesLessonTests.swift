import Dependencies
import Foundation
import FreshDependencies
import Testing

// The lesson's tests, in the order of its steps. Every test below uses only your trait
// (`.freshDependencies`, `.freshDependency`): none of the library's traits is imported here.

// MARK: - Step 1: run each test case inside fresh values

@Suite("Step 1: run each test case inside fresh values") struct OverrideClosureTests {
  @Test(
    .freshDependencies {
      $0.label = "from the trait"
      $0.counter = .starting(at: 10)
    })
  func overridesApplyInsideTheTest() {
    @Dependency(\.label) var label
    #expect(
      label == "from the trait",
      """
      The test did not see the trait's override. provideScope must run `function` inside \
      withDependencies { … } operation: { … }, applying updateValues to the values.
      """)
    #expect(
      nextNumbers(2) == [10, 11],
      "The counter set by the trait should count 10, 11. Apply updateValues before running the test."
    )
  }

  // The counter's default is computed once per set of values. Arguments that share values share
  // the counter, and only one of them would see 0.
  @Test(.freshDependencies, arguments: 0..<4)
  func defaultsStartOverForEveryArgument(argument: Int) {
    #expect(
      nextNumbers(3) == [0, 1, 2],
      """
      One argument found the default counter already used by another argument. Start \
      every call of provideScope from `DependencyValues()` ($0 = DependencyValues()), so each \
      argument computes its defaults anew.
      """)
  }

  @Test(.freshDependencies { $0.uuid = .incrementing }, arguments: 1...5)
  func overridesRunAgainForEveryArgument(count: Int) {
    #expect(
      nextUUIDs(count) == firstUUIDs(count),
      """
      With \(count) UUIDs, the generator should start at UUID(0). Run updateValues on every \
      call of provideScope, so each argument gets a generator of its own.
      """)
  }
}

// MARK: - Step 2: one dependency, evaluated anew each time

@Suite("Step 2: one dependency, evaluated anew each time") struct SingleOverrideTests {
  @Test(.freshDependency(\.label, "just this one"))
  func oneOverrideApplies() {
    @Dependency(\.label) var label
    #expect(
      label == "just this one",
      """
      .freshDependency(\\.label, "just this one") did not set the label. Its closure must set \
      the key path to value().
      """)
  }

  @Test(.freshDependency(\.uuid, .incrementing), arguments: 1...5)
  func valueIsMadeAgainForEveryArgument(count: Int) {
    #expect(
      nextUUIDs(count) == firstUUIDs(count),
      """
      With \(count) UUIDs, the generator should start at UUID(0). Call value() inside the \
      trait's closure, not when the trait is made, so every argument gets a new generator.
      """)
  }
}

// MARK: - Step 3: a trait on a suite reaches every test case inside it

// `.serialized`: the tests of this suite run one after another, in order, so a trait that shares
// one set of values between them fails the same tests every time, never whichever ran second.
@Suite(
  "Step 3: a trait on a suite reaches every test case inside it",
  .serialized,
  .freshDependencies {
    $0.uuid = .incrementing
    $0.counter = .starting(at: 100)
  })
struct SuiteTraitTests {
  @Test func firstTestStartsFresh() {
    #expect(
      nextUUIDs(3) == firstUUIDs(3) && nextNumbers(2) == [100, 101],
      """
      A test in a suite with the trait should start from the suite's fresh values: UUID(0) and \
      100. Make the trait recursive (isRecursive returns true) so it wraps each test case.
      """)
  }

  @Test func secondTestStartsFresh() {
    #expect(
      nextUUIDs(3) == firstUUIDs(3) && nextNumbers(2) == [100, 101],
      """
      A test in a suite with the trait should start from the suite's fresh values: UUID(0) and \
      100. Make the trait recursive (isRecursive returns true) so it wraps each test case.
      """)
  }

  @Test(arguments: 0..<4)
  func everyArgumentInASuiteStartsFresh(argument: Int) {
    #expect(
      nextUUIDs(2) == firstUUIDs(2) && nextNumbers(2) == [100, 101],
      """
      An argument saw values another argument had used. A recursive suite trait is \
      called once per argument: give each call its own values.
      """)
  }
}

// MARK: - Step 4: traits on a suite and on its tests layer

// `.serialized` for the same reason as Step 3's suite: a wrong trait loses the same tests in
// every run.
@Suite(
  "Step 4: traits on a suite and on its tests layer",
  .serialized,
  .freshDependencies {
    $0.label = "from the suite"
    $0.counter = .starting(at: 100)
  })
struct LayeringTests {
  @Test(.freshDependency(\.uuid, .incrementing))
  func testTraitAddsToSuiteTrait() {
    @Dependency(\.label) var label
    #expect(
      label == "from the suite" && nextNumbers(1) == [100],
      """
      The test's own trait wiped out the suite's overrides. Only the outermost trait may reset \
      the values: check Self.isOutermost before `$0 = DependencyValues()`.
      """)
    #expect(nextUUIDs(2) == firstUUIDs(2), "The test's own override (uuid) should apply too.")
  }

  @Test(.freshDependency(\.label, "from the test"))
  func testTraitWinsOverSuiteTrait() {
    @Dependency(\.label) var label
    #expect(
      label == "from the test",
      "The test's trait runs inside the suite's, so its label should win over the suite's.")
    #expect(
      nextNumbers(1) == [100],
      """
      The suite's counter (starting at 100) was lost. Inner traits only add their overrides: \
      run `function` inside Self.$isOutermost.withValue(false) { … }.
      """)
  }

  @Test(.freshDependency(\.uuid, .incrementing), arguments: 0..<4)
  func layeredValuesAreFreshForEveryArgument(argument: Int) {
    #expect(
      nextNumbers(2) == [100, 101] && nextUUIDs(2) == firstUUIDs(2),
      """
      Every argument should see the suite's counter at 100 and the test's generator at \
      UUID(0), both unused: the outermost trait resets for every argument, the inner one adds.
      """)
  }
}
