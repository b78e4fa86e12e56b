import Dependencies
import Dispatch
import Foundation
import Testing

@Suite(.dependencies) struct EscapedDependenciesTests {
  /// Runs `work` on a global queue and waits for it: the hop loses task-locals.
  private func onAnotherQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }

  @Test func aQueueHopLosesOverridesWithoutIt() async {
    let seen = await withDependencies {
      $0.greeting = "scoped"
    } operation: {
      await onAnotherQueue {
        @Dependency(\.greeting) var greeting
        return greeting
      }
    }
    #expect(seen != "scoped")
  }

  @Test func yieldRestoresTheCapturedValuesAfterAHop() async {
    let seen = await withDependencies {
      $0.greeting = "escaped"
    } operation: {
      await withEscapedDependencies { continuation in
        await onAnotherQueue {
          continuation.yield {
            @Dependency(\.greeting) var greeting
            return greeting
          }
        }
      }
    }
    #expect(seen == "escaped")
  }

  @Test func valuesAreCapturedWhenTheContinuationIsMade() {
    let continuation = withDependencies {
      $0.greeting = "at creation"
    } operation: {
      withEscapedDependencies { $0 }
    }
    let seen = withDependencies {
      $0.greeting = "at use"
    } operation: {
      continuation.yield {
        @Dependency(\.greeting) var greeting
        return greeting
      }
    }
    #expect(seen == "at creation")
  }

  @Test func yieldCanBeOverriddenAgain() {
    let continuation = withDependencies {
      $0.greeting = "captured"
    } operation: {
      withEscapedDependencies { $0 }
    }
    continuation.yield {
      withDependencies {
        $0.greeting = "again"
      } operation: {
        @Dependency(\.greeting) var greeting
        #expect(greeting == "again")
      }
    }
  }

  @Test func asyncYieldAcrossACallback() async throws {
    let value = try await withDependencies {
      $0.numbers.fetch = { "callback \($0)" }
    } operation: {
      try await withEscapedDependencies { continuation in
        try await withCheckedThrowingContinuation { result in
          DispatchQueue.global().async {
            Task {
              result.resume(
                with: await Result {
                  try await continuation.yield {
                    @Dependency(\.numbers) var numbers
                    return try await numbers.fetch(1)
                  }
                })
            }
          }
        }
      }
    }
    #expect(value == "callback 1")
  }
}

extension Result where Failure == any Error {
  fileprivate init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
