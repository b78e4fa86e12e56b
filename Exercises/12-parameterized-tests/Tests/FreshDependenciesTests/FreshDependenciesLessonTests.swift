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
      The test read the label \(label.debugDescription), not the trait's "from the trait": it \
      did not see the trait's override. provideScope must run `function` inside \
      withDependencies { … } operation: { … }, applying updateValues to the values.
      """)
    let numbers = nextNumbers(2)
    #expect(
      numbers == [10, 11],
      """
      The trait sets a counter starting at 10: the test's first two numbers should be 10, 11, \
      but they were \(numbers).
      """)
  }

  // The counter's default is computed once per set of values. Arguments that share values share
  // the counter, and only one of them would see 0. Which one, and which numbers each of the
  // others gets, changes from run to run: the message quotes none.
  @Test(.freshDependencies, arguments: 0..<4)
  func defaultsStartOverForEveryArgument(argument: Int) {
    let numbers = nextNumbers(3)
    #expect(
      numbers == [0, 1, 2],
      """
      This argument's default counter did not count 0, 1, 2, as a new counter does: another \
      test case drew from the same counter too. Start every call of provideScope from \
      `DependencyValues()` ($0 = DependencyValues()), so each argument computes its defaults \
      anew.
      """)
  }

  @Test(.freshDependencies { $0.uuid = .incrementing }, arguments: 1...5)
  func overridesRunAgainForEveryArgument(count: Int) {
    let uuids = nextUUIDs(count)
    #expect(
      uuids == firstUUIDs(count),
      """
      The trait sets \\.uuid to a new incrementing generator for each argument, but this \
      argument's generator \(madeInsteadOfFirstUUIDs(uuids, inParallel: true)). Run updateValues \
      on every call of provideScope, and the test inside the scope it opens, so each argument gets \
      a generator of its own.
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
      .freshDependency(\\.label, "just this one") did not set the label: the test read \
      \(label.debugDescription). Its closure must set the key path to value().
      """)
  }

  // `.serialized`: the arguments run in order, so code that reads `\.uuid` with no override
  // gets the library's "no test value" issue in the first argument every time, not in whichever
  // ran first, and the words of a failure are the same on every run.
  @Test(.serialized, .freshDependency(\.uuid, .incrementing), arguments: 1...5)
  func valueIsMadeAgainForEveryArgument(count: Int) {
    let uuids = nextUUIDs(count)
    let advice =
      uuids.allSatisfy { incrementingNumber(of: $0) != nil }
      ? "Call value() inside the trait's closure, not when the trait is made, so every "
        + "argument gets a new generator."
      : "The trait's closure must set the key path to value()."
    #expect(
      uuids == firstUUIDs(count),
      """
      .freshDependency(\\.uuid, .incrementing) should give each argument a new generator, but \
      this argument's generator \(madeInsteadOfFirstUUIDs(uuids, inParallel: true)). \(advice)
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
    let uuids = nextUUIDs(3)
    #expect(
      uuids == firstUUIDs(3),
      """
      A test in a suite with the trait should start from the suite's fresh values, but the \
      suite's generator \(madeInsteadOfFirstUUIDs(uuids)). A suite's trait wraps each test \
      case inside it, with values of its own, only when it is recursive (isRecursive returns \
      true).
      """)
    guard uuids == firstUUIDs(3) else { return }
    let numbers = nextNumbers(2)
    #expect(
      numbers == [100, 101],
      """
      A test in a suite with the trait should start from the suite's fresh values, but the \
      suite's counter counted \(numbers) instead of [100, 101]. A suite's trait wraps each test \
      case inside it, with values of its own, only when it is recursive (isRecursive returns \
      true).
      """)
  }

  @Test func secondTestStartsFresh() {
    let uuids = nextUUIDs(3)
    #expect(
      uuids == firstUUIDs(3),
      """
      A test in a suite with the trait should start from the suite's fresh values, but the \
      suite's generator \(madeInsteadOfFirstUUIDs(uuids)). A suite's trait wraps each test \
      case inside it, with values of its own, only when it is recursive (isRecursive returns \
      true).
      """)
    guard uuids == firstUUIDs(3) else { return }
    let numbers = nextNumbers(2)
    #expect(
      numbers == [100, 101],
      """
      A test in a suite with the trait should start from the suite's fresh values, but the \
      suite's counter counted \(numbers) instead of [100, 101]. A suite's trait wraps each test \
      case inside it, with values of its own, only when it is recursive (isRecursive returns \
      true).
      """)
  }

  @Test(arguments: 0..<4)
  func everyArgumentInASuiteStartsFresh(argument: Int) {
    let uuids = nextUUIDs(2)
    #expect(
      uuids == firstUUIDs(2),
      """
      Every argument should start from the suite's fresh values, but this argument's generator \
      \(madeInsteadOfFirstUUIDs(uuids)). A suite's trait is called once per argument only when \
      it is recursive (isRecursive returns true); each call must make values of its own.
      """)
    guard uuids == firstUUIDs(2) else { return }
    let numbers = nextNumbers(2)
    #expect(
      numbers == [100, 101],
      """
      Every argument should start from the suite's fresh values, but this argument's counter \
      counted \(numbers) instead of [100, 101]. A suite's trait is called once per argument only \
      when it is recursive (isRecursive returns true); each call must make values of its own.
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
      label == "from the suite",
      """
      The test read the label \(label.debugDescription), not the suite's "from the suite": with \
      its own trait added, the suite's overrides were lost. Only the outermost trait may reset \
      the values: check Self.isOutermost before `$0 = DependencyValues()`.
      """)
    if label == "from the suite" {
      let numbers = nextNumbers(1)
      #expect(
        numbers == [100],
        """
        The suite's counter starts at 100, but the test's first number was \(numbers): with its \
        own trait added, the test should still get the suite's counter, unused.
        """)
    }
    let uuids = nextUUIDs(2)
    #expect(
      uuids == firstUUIDs(2),
      """
      The test's own trait sets \\.uuid to an incrementing generator, but the generator \
      \(madeInsteadOfFirstUUIDs(uuids)). The test's own override should apply too.
      """)
  }

  @Test(.freshDependency(\.label, "from the test"))
  func testTraitWinsOverSuiteTrait() {
    @Dependency(\.label) var label
    #expect(
      label == "from the test",
      """
      The test read the label \(label.debugDescription): the test's trait runs inside the \
      suite's, so its label, "from the test", should win over the suite's.
      """)
    let numbers = nextNumbers(1)
    let meaning =
      numbers == [0]
      ? """
      0 is a new default counter's first number: the suite's counter was lost. Inner traits \
      only add their overrides: run `function` inside Self.$isOutermost.withValue(false) { … }.
      """
      : "The test should get the suite's counter unused, in values of its own."
    #expect(
      numbers == [100],
      """
      The suite's counter starts at 100, but the test's first number was \(numbers). \(meaning)
      """)
  }

  @Test(.freshDependency(\.uuid, .incrementing), arguments: 0..<4)
  func layeredValuesAreFreshForEveryArgument(argument: Int) {
    let numbers = nextNumbers(2)
    #expect(
      numbers == [100, 101],
      """
      Every argument should see the suite's counter at 100, unused, but this argument's \
      counter counted \(numbers) instead of [100, 101]. The outermost trait resets for every \
      argument, the inner one adds.
      """)
    guard numbers == [100, 101] else { return }
    let uuids = nextUUIDs(2)
    #expect(
      uuids == firstUUIDs(2),
      """
      Every argument should see the test's generator at UUID(0), unused, but this argument's \
      generator \(madeInsteadOfFirstUUIDs(uuids)). The outermost trait resets for every \
      argument, the inner one adds.
      """)
  }
}
