import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// A grade with lines flagged for review waits for an instructor: held in every report until
/// released, and held again when a later hand-in brings other flags.
struct ReviewHoldsTests {
  static func flagged(_ learner: String = "Bob", code: String = "exit(0)") -> GradeReport {
    var report = Fixtures.ada
    report.learner = learner
    report.exercises[0].review = [
      ReviewFlag(file: "A.swift", line: 3, reason: "process exit", code: code)
    ]
    return report
  }

  @Test func aFlaggedGradeIsHeldUntilReleased() throws {
    let report = Self.flagged()
    #expect(ReviewHolds().applied(to: [report])[0].isHeldForReview)
    var holds = ReviewHolds()
    holds.release(report)
    let released = holds.applied(to: [report])[0]
    #expect(!released.isHeldForReview)
    #expect(released.releasedFromReview == true)
    // No flags: never held, and nothing to release.
    #expect(!holds.applied(to: [Fixtures.ada])[0].isHeldForReview)
    #expect(holds.applied(to: [Fixtures.ada])[0].releasedFromReview == nil)
  }

  @Test func otherFlagsInALaterHandInAreHeldAgain() {
    var holds = ReviewHolds()
    holds.release(Self.flagged())
    var later = Self.flagged()
    later.exercises[0].review[0].line = 4
    #expect(holds.applied(to: [later])[0].isHeldForReview)
    #expect(!holds.applied(to: [Self.flagged()])[0].isHeldForReview)
  }

  @Test func heldResultsSayHeldForReviewAndTheClassReportLeavesThemOut() throws {
    let held = ReviewHolds().applied(to: [Self.flagged()])[0]
    let json = try JSONResults.render(held)
    let results = try ResultsDocument.decode(Data(json.utf8))
    #expect(results.status == "held for review")
    #expect(results.message?.contains("Held for review") == true)
    let html = HTMLReport.render([Fixtures.ada, held])
    #expect(html.contains("Held for review"))
    #expect(html.contains("Bob"))
    #expect(MarkdownFeedback.render(held).contains("**Held for review.**"))
    #expect(!MarkdownFeedback.render(Fixtures.ada).contains("Held for review"))
  }

  @Test func releasingWritesTheReportsAgainWithoutGrading() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("review-holds-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let record = GradingRecord(
      exerciseIDs: ["01-hello", "02-optionals"], classNotes: [],
      reports: ReviewHolds().applied(to: [Fixtures.ada, Self.flagged()]))
    try record.encoded().write(to: folder.appendingPathComponent(GradingRecord.fileName))

    var command = GradeCommand(root: folder)
    command.output = folder
    command.color = false
    command.release = ["Nobody"]
    #expect(throws: WorkshopError.self) { try command.run() }

    command.release = ["Bob"]
    #expect(try command.run() == 0)
    let gradebook = try String(
      contentsOf: folder.appendingPathComponent("gradebook.csv"), encoding: .utf8)
    #expect(gradebook.contains("Bob,5,5,10,10,01-hello A.swift:3 (process exit),released,yes"))
    let holds = try ReviewHolds.read(from: folder)
    #expect(holds.released["Bob"] == ReviewHolds.digest(Self.flagged()))
  }
}
