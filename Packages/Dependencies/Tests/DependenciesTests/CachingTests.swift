import Dependencies
import Dispatch
import Foundation
import Testing

private let liveComputations = LockIsolated(0)
private enum CountedLiveKey: DependencyKey {
  static var liveValue: Int {
    liveComputations.withValue { $0 += 1 }
    return 42
  }
  static let testValue = 0
}

private let concurrentComputations = LockIsolated(0)
private enum ConcurrentKey: DependencyKey {
  static var liveValue: UUID {
    concurrentComputations.withValue { $0 += 1 }
    return UUID()
  }
  static let testValue = UUID(0)
}

private let perValuesComputations = LockIsolated(0)
private enum PerValuesKey: DependencyKey {
  static var liveValue: Int {
    perValuesComputations.withValue { count -> Int in
      count += 1
      return count
    }
  }
  static let testValue = 0
}

/// A default that reads another dependency while it is being computed.
private enum DerivedKey: DependencyKey {
  static var liveValue: String {
    @Dependency(\.greeting) var greeting
    return "derived from \(greeting)"
  }
  static let testValue = "derived test"
}

/// A default that reads another dependency on another thread and waits for it.
private enum CrossThreadKey: DependencyKey {
  static var liveValue: String {
    let values = DependencyValues._current
    return DispatchQueue.global().sync {
      DependencyValues.$_current.withValue(values) {
        @Dependency(\.greeting) var greeting
        return "other thread saw \(greeting)"
      }
    }
  }
  static let testValue = "cross-thread test"
}

@Suite struct CachingTests {
  @Test func aComputedLiveValueRunsOnce() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(CountedLiveKey.self) var first
      @Dependency(CountedLiveKey.self) var second
      #expect(first == 42)
      #expect(second == 42)
      #expect(first == 42)
    }
    #expect(liveComputations.value == 1)
  }

  @Test func concurrentFirstReadsComputeOnce() async {
    let values = DependencyValues.live
    let seen = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 {
        group.addTask {
          DependencyValues.$_current.withValue(values) {
            @Dependency(ConcurrentKey.self) var value
            return value
          }
        }
      }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(seen.count == 1)
    #expect(concurrentComputations.value == 1)
  }

  @Test func freshValuesComputeTheirOwnDefaults() {
    for _ in 0..<3 {
      withDependencies {
        $0 = .live
      } operation: {
        @Dependency(PerValuesKey.self) var value
        _ = value
        _ = value
      }
    }
    #expect(perValuesComputations.value == 3)
  }

  @Test func aDefaultCanReadAnotherDependency() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(DerivedKey.self) var derived
      #expect(derived == "derived from live")
    }
  }

  @Test func aDefaultCanReadAnotherDependencyFromAnotherThread() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(CrossThreadKey.self) var value
      #expect(value == "other thread saw live")
    }
  }

  @Test func testDefaultsAreFreshForEachSwiftTestingTest() {
    // `.incrementing` test values are cached per test: this test always starts at 0, whatever
    // other tests did with the process-wide values.
    @Dependency(\.numbers) var numbers
    _ = numbers
    #expect(DependencyValues._current[Greeting.self] == "test")
  }
}
