import ExerciseModel
import Foundation
import Synchronization
import Testing

@testable import ExerciseEngine
@testable import GraderKit

@Suite struct SuiteOutcomesTests {
  func files(_ text: String) -> SuiteVariant {
    .learner(SourceTree(files: ["NoticeboardTests.swift": Data(text.utf8)]))
  }

  /// How many gradings ran, shared by the tasks of one test.
  final class Count: Sendable {
    let value = Mutex(0)
  }

  static func message(_ outcome: SuiteOutcome) -> String? {
    if case .compileError(let message) = outcome { return message }
    return nil
  }

  @Test func theSameFilesAreGradedOnceAndOtherFilesAgain() throws {
    let outcomes = SuiteOutcomes()
    let gradings = Mutex(0)
    func grade(_ suite: SuiteVariant, _ id: String = "13-testing-a-feature") throws -> String? {
      Self.message(
        try outcomes.outcome(of: suite, in: id) {
          let count = gradings.withLock { count in
            count += 1
            return count
          }
          return .compileError("grading \(count)")
        })
    }
    #expect(try grade(files("@Test func a() {}")) == "grading 1")
    #expect(try grade(files("@Test func a() {}")) == "grading 1")
    #expect(try grade(files("@Test func a() { }")) == "grading 2")
    #expect(try grade(files("@Test func a() {}"), "14-controlling-a-feature") == "grading 3")
    #expect(try grade(.reference) == "grading 4")
    #expect(gradings.withLock { $0 } == 4)
  }

  @Test func learnersWithTheSameFilesAtOnceShareOneGrading() async throws {
    let outcomes = SuiteOutcomes()
    let gradings = Count()
    let suite = files("@Test func a() {}")
    let messages = try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<8 {
        group.addTask {
          Self.message(
            try outcomes.outcome(of: suite, in: "13-testing-a-feature") {
              gradings.value.withLock { $0 += 1 }
              return .compileError("graded")
            })
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(messages == Array(repeating: "graded", count: 8))
    #expect(gradings.value.withLock { $0 } == 1)
  }

  @Test func anErrorIsNotKept() throws {
    struct Refused: Error {}
    let outcomes = SuiteOutcomes()
    let suite = files("@Test func a() {}")
    #expect(throws: Refused.self) {
      try outcomes.outcome(of: suite, in: "13-testing-a-feature") { throw Refused() }
    }
    let outcome = try outcomes.outcome(of: suite, in: "13-testing-a-feature") {
      .compileError("graded after all")
    }
    #expect(Self.message(outcome) == "graded after all")
  }
}
