import Dependencies
import Foundation
import Testing

@Suite(.dependencies) struct WithDependenciesTests {
  @Test func overridesApplyInsideAndAreRestoredAfter() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
    withDependencies {
      $0.greeting = "outer"
    } operation: {
      #expect(greeting == "outer")
      withDependencies {
        $0.greeting = "inner"
      } operation: {
        #expect(greeting == "inner")
      }
      #expect(greeting == "outer")
    }
    #expect(greeting == "test")
  }

  @Test func nestedScopesKeepWhatTheyDoNotChange() {
    withDependencies {
      $0.greeting = "hello"
      $0.uuid = .constant(UUID(7))
    } operation: {
      withDependencies {
        $0.greeting = "bonjour"
      } operation: {
        @Dependency(\.greeting) var greeting
        @Dependency(\.uuid) var uuid
        #expect(greeting == "bonjour")
        #expect(uuid() == UUID(7))
      }
    }
  }

  @Test func assigningFreshValuesResetsEverything() {
    withDependencies {
      $0.greeting = "changed"
    } operation: {
      withDependencies {
        $0 = DependencyValues()
      } operation: {
        @Dependency(\.greeting) var greeting
        #expect(greeting == "test")
      }
    }
  }

  @Test func returnsTheOperationsResultAndRethrows() throws {
    struct Failure: Error {}
    let value = withDependencies {
      $0.greeting = "x"
    } operation: {
      3
    }
    #expect(value == 3)
    #expect(throws: Failure.self) {
      try withDependencies { _ in
        throw Failure()
      } operation: {
      }
    }
  }

  @Test func overridesReachUnstructuredTasks() async {
    let seen = await withDependencies {
      $0.greeting = "in a task"
    } operation: {
      await Task {
        @Dependency(\.greeting) var greeting
        return greeting
      }.value
    }
    #expect(seen == "in a task")
  }

  @Test func overridesReachTaskGroupsAndAsyncLet() async {
    await withDependencies {
      $0.greeting = "structured"
    } operation: {
      async let child: String = {
        @Dependency(\.greeting) var greeting
        return greeting
      }()
      let fromGroup = await withTaskGroup(of: String.self) { group in
        for _ in 0..<3 {
          group.addTask {
            @Dependency(\.greeting) var greeting
            return greeting
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(await child == "structured")
      #expect(fromGroup == ["structured", "structured", "structured"])
    }
  }

  @Test func asyncUpdateClosureAndOperation() async throws {
    let value = try await withDependencies {
      await Task.yield()
      $0.numbers.fetch = { "overridden \($0)" }
    } operation: {
      @Dependency(\.numbers) var numbers
      return try await numbers.fetch(3)
    }
    #expect(value == "overridden 3")
  }

  @MainActor @Test func asyncFormKeepsTheCallersActor() async {
    await withDependencies {
      $0.greeting = "main"
    } operation: {
      await Task.yield()
      MainActor.assertIsolated()
      @Dependency(\.greeting) var greeting
      #expect(greeting == "main")
    }
  }

  @Test func twoHundredConcurrentScopesNeverSeeEachOther() async {
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        group.addTask {
          await withDependencies {
            $0.greeting = "scope \(index)"
            $0.uuid = .constant(UUID(index))
          } operation: {
            @Dependency(\.greeting) var greeting
            @Dependency(\.uuid) var uuid
            var wrong = 0
            for _ in 0..<5 {
              await Task.yield()
              if greeting != "scope \(index)" || uuid() != UUID(index) { wrong += 1 }
            }
            return wrong
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
