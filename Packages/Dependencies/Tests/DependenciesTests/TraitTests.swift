import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

@Suite(.dependency(\.greeting, "from the suite"))
struct TraitTests {
  @Test func suiteTraitsApplyToEveryTest() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "from the suite")
  }

  @Test(.dependency(\.greeting, "from the test"))
  func testTraitsLayerOnTopOfSuiteTraits() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "from the test")
  }

  @Test(.dependency(\.uuid, .incrementing))
  func otherSuiteValuesSurviveATestTrait() {
    @Dependency(\.greeting) var greeting
    @Dependency(\.uuid) var uuid
    #expect(greeting == "from the suite")
    #expect(uuid() == UUID(0))
  }

  // Every argument starts from fresh values: the generator restarts at 0 for each.
  @Test(.dependency(\.uuid, .incrementing), arguments: 1...6)
  func everyArgumentGetsFreshValues(count: Int) {
    @Dependency(\.uuid) var uuid
    let made = (0..<count).map { _ in uuid() }
    #expect(made == (0..<count).map(UUID.init))
  }

  @Test(
    .dependencies {
      $0.uuid = .incrementing
      $0.numbers.fetch = { "trait \($0)" }
    })
  func theClosureFormSetsSeveralValues() async throws {
    @Dependency(\.uuid) var uuid
    @Dependency(\.numbers) var numbers
    #expect(uuid() == UUID(0))
    #expect(try await numbers.fetch(2) == "trait 2")
  }

  @Test(.dependency(NumberClient(fetch: { "by type \($0)" })))
  func aKeyTypeCanBeOverriddenByValue() async throws {
    @Dependency(NumberClient.self) var numbers
    #expect(try await numbers.fetch(4) == "by type 4")
  }
}

/// A suite that only asks for fresh values: a stateful test default restarts for each test.
private let counterStarts = LockIsolated<[Int]>([])

@Suite(.dependencies) struct FreshValuesTraitTests {
  @Test(arguments: 0..<5)
  func statefulDependenciesNeverBleedBetweenArguments(argument: Int) {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() == UUID(0))
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
  }

  @Test func valuesAreTheTestContextsDefaults() {
    @Dependency(\.context) var context
    #expect(context == .test)
  }
}
