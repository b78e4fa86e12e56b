import Foundation
import Testing
import WorkshopCore

@testable import LearnKit

@Suite struct HintTests {
  @Test func hintsUnlockInOrderAndAreRememberedBetweenRuns() throws {
    let fixture = try LearnFixture("hints")
    let id = LearnFixture.stepsID
    #expect(fixture.workspace().hintsSeen(id) == 0)
    let first = try fixture.workspace().nextHint(id)
    #expect(first.number == 1 && first.total == 3 && first.text == "First, gentle.")
    // A new tool, a new process: the level is read back from .build-learn/state.json.
    let second = try fixture.workspace().nextHint(id)
    #expect(second.number == 2 && second.text == "Second, closer.")
    #expect(fixture.workspace().hintsSeen(id) == 2)
    #expect(fixture.workspace().hintsSeen(LearnFixture.moreID) == 0)
    let third = try fixture.workspace().nextHint(id)
    #expect(third.number == 3 && !third.wasAlreadySeen)
    let again = try fixture.workspace().nextHint(id)
    #expect(again.number == 3 && again.wasAlreadySeen && again.text == "Third, the answer.")
    #expect(
      FileManager.default.fileExists(
        atPath: fixture.root.appendingPathComponent(".build-learn/state.json").path))
  }

  @Test func theHintCommandShowsOneHintAtATime() throws {
    let fixture = try LearnFixture("hint-command")
    let output = Collected()
    let command = try LearnCommand.parse(["hint", "02"], root: fixture.root)
    #expect(command.run(io: output.io()) == 0)
    #expect(output.output.contains("Hint 1 of 3 for 02-more:\n  First, gentle."))
    #expect(!output.output.contains("Second"))
    let unknown = Collected()
    #expect(try LearnCommand.parse(["hint", "7"], root: fixture.root).run(io: unknown.io()) == 2)
    #expect(unknown.error.contains("\"7\" names no exercise"))
    #expect(unknown.error.contains("01-steps, 02-more"))
  }
}

@Suite struct ResetTests {
  @Test func resetBacksUpTheLearnersFilesThenRestoresTheGeneratedStarter() throws {
    let fixture = try LearnFixture("reset")
    let id = LearnFixture.stepsID
    let folder = fixture.layout.exercise(id)
    try fixture.writeSteps(LearnFixture.allDone)
    try Data("my notes\n".utf8).write(
      to: folder.appendingPathComponent("Sources/Steps/Notes.swift"))
    try Data("scratch\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(try !ExerciseGenerator(layout: fixture.layout).drift(id).isEmpty)

    let output = Collected(answers: ["y"])
    let command = try LearnCommand.parse(["reset", "1"], root: fixture.root)
    #expect(command.run(io: output.io()) == 0)

    // The starter is exactly what the generator writes.
    #expect(try ExerciseGenerator(layout: fixture.layout).drift(id).isEmpty)
    #expect(fixture.workspace().status(of: id) == .notStarted)
    // The learner's files are in the backup, whose path was printed.
    let printed = try #require(
      output.output.split(separator: "\n").first { $0.hasPrefix("Your files are backed up in ") })
    let backup = URL(
      fileURLWithPath: String(printed.dropFirst("Your files are backed up in ".count)))
    #expect(
      backup.path.hasPrefix(fixture.root.appendingPathComponent(".build-learn/backups/\(id)/").path)
    )
    #expect(
      try String(
        contentsOf: backup.appendingPathComponent("Sources/Steps/Steps.swift"), encoding: .utf8)
        == LearnFixture.allDone)
    #expect(
      try String(
        contentsOf: backup.appendingPathComponent("Sources/Steps/Notes.swift"), encoding: .utf8)
        == "my notes\n")
    #expect(FileManager.default.fileExists(atPath: backup.appendingPathComponent("README.md").path))
    // A file outside the generated folders stays where it was.
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
    #expect(!FileManager.default.fileExists(atPath: backup.appendingPathComponent(".build").path))
  }

  @Test func withoutAYesNothingChanges() throws {
    let fixture = try LearnFixture("reset-declined")
    try fixture.writeSteps(LearnFixture.allDone)
    for answers in [["n"], []] {
      let output = Collected(answers: answers)
      #expect(
        try LearnCommand.parse(["reset", "01"], root: fixture.root).run(io: output.io()) == 1)
      #expect(output.output.contains("Not reset: nothing changed"))
    }
    #expect(try String(contentsOf: fixture.stepsFile, encoding: .utf8) == LearnFixture.allDone)
    #expect(
      !FileManager.default.fileExists(
        atPath: fixture.root.appendingPathComponent(".build-learn/backups").path))
  }

  @Test func twoResetsInOneSecondKeepTwoBackups() throws {
    let fixture = try LearnFixture("reset-twice")
    let backups = fixture.root.appendingPathComponent(".build-learn/backups")
    let now = Date()
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let first = try ExerciseReset.reset(
      LearnFixture.stepsID, layout: fixture.layout, backups: backups, now: now)
    try fixture.writeSteps(LearnFixture.allDone)
    let second = try ExerciseReset.reset(
      LearnFixture.stepsID, layout: fixture.layout, backups: backups, now: now)
    let one = try #require(first)
    let two = try #require(second)
    #expect(one != two)
    #expect(
      try String(
        contentsOf: one.appendingPathComponent("Sources/Steps/Steps.swift"), encoding: .utf8)
        == LearnFixture.stepOneDone)
    #expect(
      try String(
        contentsOf: two.appendingPathComponent("Sources/Steps/Steps.swift"), encoding: .utf8)
        == LearnFixture.allDone)
  }
}
