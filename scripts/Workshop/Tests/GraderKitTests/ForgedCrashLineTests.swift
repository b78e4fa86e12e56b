import ExerciseEngine
import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// A crashed test's message quotes what the runtime printed about the crash: display only. The
/// learner's code controls that output, so the quote never decides anything, and reaches the
/// reports cleaned and cut.
@Suite struct ForgedCrashLineTests {
  let greets = "VisibleTests/greets()"

  @Test func aFatalErrorIsQuotedInTheCrashedTestsMessage() async throws {
    let graded = try await gradedClass.value
    let message = try #require(try graded.test("fatal-error", greets).message)
    #expect(
      message.hasPrefix(
        "The test process printed: Fatal error: not written yet (Fixture/Fixture.swift:2)\n\n"),
      "\(message)")
    #expect(message.contains("killed by signal 4"), "\(message)")
    for varying in ["0x0", "Backtrac", "Registers", "Thread "] {
      #expect(!message.contains(varying), "\(message)")
    }
  }

  @Test func aForgedLineAndHostileWordsScoreAsAnyCrashAndAreCleanedAndCut() async throws {
    let graded = try await gradedClass.value
    // The same statuses and points as a plain fatal error in the same test.
    #expect(try graded.statuses("forges-a-fatal-line") == graded.statuses("fatal-error"))
    #expect(
      try graded.exercise("forges-a-fatal-line").points == graded.exercise("fatal-error").points)
    let test = try graded.test("forges-a-fatal-line", greets)
    #expect(test.status == .crashed && test.points == 0)
    let message = try #require(test.message)
    let quote = try #require(message.split(separator: "\n").first.map(String.init))
    #expect(
      quote.hasPrefix("The test process printed: Fatal error: cleared reversed yyy"), "\(quote)")
    #expect(quote.contains("…"), "\(quote)")
    #expect(quote.count < CrashReason.lineLimit + 80, "\(quote.count) characters")
    #expect(!message.contains("full marks"))
    #expect(
      !message.unicodeScalars.contains {
        ($0.properties.generalCategory == .control && $0 != "\n") || $0 == "\u{202E}"
      })
    #expect(message.count < 1_000)
  }
}
