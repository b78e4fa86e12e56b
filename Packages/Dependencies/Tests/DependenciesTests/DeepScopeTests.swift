import Testing

@testable import Dependencies

/// A family of keys, one per `Tag` type, so a test can make as many distinct keys as it needs.
private enum LevelKey<Tag>: TestDependencyKey {
  static var testValue: Int { -1 }
}

private final class LevelModel {
  @Dependency(\.greeting) var greeting
}

/// Scopes nested far deeper than anyone writes by hand, and scopes that override many keys at
/// once: the storage behind `DependencyValues` reorganizes itself past a certain depth, and no
/// override may be lost or leak out when it does.
@Suite(.dependencies) struct DeepScopeTests {
  @Test func everyLevelOfSixtyNestedScopesStaysVisibleAndIsRestored() {
    var readers: [() -> Int] = []
    descend(level: 0, depth: 60, tag: Int.self, readers: &readers)
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test", "the outermost value must come back after the scopes end")
  }

  @Test func oneScopeOverridingFortyKeys() {
    var readers: [() -> Int] = []
    withDependencies {
      setKeys(&$0, count: 40, tag: Int.self, readers: &readers)
    } operation: {
      let seen = readers.map { $0() }
      #expect(seen == Array(0..<40), "each key must read its own override")
    }
    #expect(readers.allSatisfy { $0() == -1 }, "no override may outlive its scope")
  }

  @Test func aModelFromADeepScopeReadsItsValuesUnderAnotherScope() {
    var readers: [() -> Int] = []
    let model = withDependencies {
      $0.greeting = "captured"
      setKeys(&$0, count: 30, tag: Int.self, readers: &readers)
    } operation: {
      LevelModel()
    }
    withDependencies {
      $0.testOnly = "scope"
    } operation: {
      #expect(model.greeting == "captured")
      @Dependency(\.testOnly) var testOnly
      #expect(testOnly == "scope")
    }
    withDependencies {
      $0.greeting = "scope wins"
    } operation: {
      #expect(model.greeting == "scope wins", "a value overridden where the model is read wins")
    }
  }

  @Test func aChainOfTwoHundredThousandOverridesIsReadAndFreedSafely() {
    // Every override made while the values are shared adds a link to their chain. Such a chain
    // must neither slow lookups down nor be freed by a recursion as deep as the chain.
    var values = DependencyValues._current
    for index in 0..<200_000 {
      let earlier = values
      withExtendedLifetime(earlier) { values.greeting = "override \(index)" }
    }
    #expect(values.greeting == "override 199999")
    #expect(values.testOnly == "test only", "a key never overridden still reads its default")
    values = DependencyValues()
    #expect(values.greeting == "test")
  }

  @Test func generationsOfModelsDoNotLengthenTheChain() {
    // Each generation's values are its parent's with the current scope's overrides laid on top.
    // That must not build a chain as long as the family, or every lookup of a key nobody
    // overrode would walk the whole family.
    withDependencies {
      $0.testOnly = "scope"
    } operation: {
      var model = withDependencies {
        $0.greeting = "first"
      } operation: {
        LevelModel()
      }
      var deepest = 0
      for _ in 0..<1_000 {
        model = withDependencies(from: model) {
          deepest = max(deepest, DependencyValues._current.storage.depth)
          return LevelModel()
        }
      }
      #expect(model.greeting == "first")
      #expect(deepest <= 25, "a chain \(deepest) links deep; it should be flattened at 24")
    }
  }

  /// Opens one scope per level, each overriding its own key and `greeting`, and checks on the way
  /// down that every level above is still visible, and on the way back that each level sees its
  /// own values again.
  private func descend<Tag>(
    level: Int, depth: Int, tag: Tag.Type, readers: inout [() -> Int]
  ) {
    guard level < depth else {
      let seen = readers.map { $0() }
      #expect(seen == Array(0..<depth), "at the bottom, every level's override must be visible")
      return
    }
    withDependencies {
      $0[LevelKey<Tag>.self] = level
      $0.greeting = "level \(level)"
    } operation: {
      readers.append { DependencyValues._current[LevelKey<Tag>.self] }
      descend(level: level + 1, depth: depth, tag: [Tag].self, readers: &readers)
      @Dependency(\.greeting) var greeting
      #expect(greeting == "level \(level)", "level \(level) must see its own value again")
      #expect(DependencyValues._current[LevelKey<Tag>.self] == level)
    }
  }

  /// Overrides `count` distinct keys in `values`, key `n` with the value `n`.
  private func setKeys<Tag>(
    _ values: inout DependencyValues, count: Int, tag: Tag.Type, readers: inout [() -> Int]
  ) {
    guard readers.count < count else { return }
    values[LevelKey<Tag>.self] = readers.count
    readers.append { DependencyValues._current[LevelKey<Tag>.self] }
    setKeys(&values, count: count, tag: [Tag].self, readers: &readers)
  }
}
