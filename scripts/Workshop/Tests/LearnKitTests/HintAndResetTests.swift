import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

@Suite struct HintTests {
  @Test func hintsUnlockInOrderAndAreRememberedBetweenRuns() throws {
    let fixture = try LearnFixture("hints")
    let id = LearnFixture.stepsID
    #expect(fixture.workspace().hintsSeen(id, step: nil) == 0)
    let first = try fixture.workspace().nextHint(id, step: nil)
    #expect(first.number == 1 && first.total == 3 && first.text == "First, gentle.")
    // A new tool, a new process: the level is read back from .build-learn/state.json.
    let second = try fixture.workspace().nextHint(id, step: nil)
    #expect(second.number == 2 && second.text == "Second, closer.")
    #expect(fixture.workspace().hintsSeen(id, step: nil) == 2)
    #expect(fixture.workspace().hintsSeen(LearnFixture.moreID, step: nil) == 0)
    let third = try fixture.workspace().nextHint(id, step: nil)
    #expect(third.number == 3 && !third.wasAlreadySeen)
    let again = try fixture.workspace().nextHint(id, step: nil)
    #expect(again.number == 3 && again.wasAlreadySeen && again.text == "Third, the answer.")
    #expect(
      FileManager.default.fileExists(
        atPath: fixture.root.appendingPathComponent(".build-learn/state.json").path))
  }

  /// A fixture whose first exercise has two steps, of `kind`, and the manifest entries `hints`
  /// (JSON) in place of its three hints about the whole exercise.
  func fixture(_ name: String, kind: Catalogue.Kind = .sources, hints: String) throws
    -> LearnFixture
  {
    let fixture = try LearnFixture(name)
    let manifest = fixture.layout.manifestURL(LearnFixture.stepsID)
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try Data(
      text.replacingOccurrences(
        of: #""hints": ["First, gentle.", "Second, closer.", "Third, the answer."]"#, with: hints
      ).utf8
    ).write(to: manifest)
    // Hints name steps the catalogue lists.
    var entries = LearnFixture.entries
    entries[0].steps = ["Step 1: doubling", "Step 2: greeting"]
    entries[0].kind = kind
    try Data(CatalogueJSON.render(Catalogue(entries: entries)).utf8)
      .write(to: fixture.layout.catalogueURL)
    return fixture
  }

  @Test func eachStepHasItsLadderAndTheHintIsTheLowestFailingSteps() throws {
    let id = LearnFixture.stepsID
    let fixture = try fixture(
      "step-hints",
      hints: #"""
        "hints": [{ "step": 1, "text": "One: the idea." }, { "step": 1, "text": "One: the answer." },
          { "step": 2, "text": "Two: the idea." }, { "step": 2, "text": "Two: the answer." }]
        """#)

    // The untouched starter is on Step 1: no build needed to know it.
    let workspace = fixture.workspace()
    let untouched = try workspace.hintStep(id) {
      Issue.record("a starter needs no check to know its step")
      return try workspace.check(id)
    }
    #expect(untouched == 1)
    let first = try workspace.nextHint(id, step: untouched)
    #expect(
      first == .init(step: 1, number: 1, total: 2, text: "One: the idea.", wasAlreadySeen: false))

    // Step 1 done: the check records Step 2 as the lowest failing step, and its ladder starts.
    try fixture.writeSteps(LearnFixture.stepOneDone)
    _ = try workspace.check(id)
    let next = try workspace.hintStep(id) {
      Issue.record("the recorded check still describes the files")
      return try workspace.check(id)
    }
    #expect(next == 2)
    let second = try workspace.nextHint(id, step: next)
    #expect(second.step == 2 && second.number == 1 && second.text == "Two: the idea.")
    #expect(workspace.hintsSeen(id, step: 1) == 1 && workspace.hintsSeen(id, step: 2) == 1)

    // With no step known, the lowest step whose ladder is not all seen.
    let unknown = try workspace.nextHint(id, step: nil)
    #expect(unknown.step == 1 && unknown.number == 2 && unknown.text == "One: the answer.")
  }

  /// Where the learner writes tests, every check passing does not mean the suite is done: with
  /// no failing step, the hint is the last step's, not Step 1's.
  @Test func aSuiteWhoseChecksAllPassHearsOfItsLastStep() throws {
    let id = LearnFixture.stepsID
    let fixture = try fixture(
      "suite-hints", kind: .tests,
      hints: #"""
        "hints": [{ "step": 1, "text": "One: the idea." }, { "step": 2, "text": "Two: the idea." },
          { "step": 2, "text": "Two: the answer." }],
        "mutants": [{ "name": "doubles-twice", "behaviour": "doubling doubles once", "step": 1,
          "points": 1, "lines": ["Steps.swift:1"] }]
        """#)

    let workspace = fixture.workspace()
    let hint = try workspace.nextHint(id, step: nil)
    #expect(hint.step == 2 && hint.number == 1 && hint.text == "Two: the idea.", "\(hint)")
    #expect(try workspace.nextHint(id, step: nil).text == "Two: the answer.")
    // Step 2's ladder all seen: Step 1's is next.
    #expect(try workspace.nextHint(id, step: nil).text == "One: the idea.")
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
    #expect(try !ExerciseWriter(layout: fixture.layout).drift(id).isEmpty)

    let output = Collected(answers: ["y"])
    let command = try LearnCommand.parse(["reset", "1"], root: fixture.root)
    #expect(command.run(io: output.io()) == 0)

    // The starter is exactly what the generator writes.
    #expect(try ExerciseWriter(layout: fixture.layout).drift(id).isEmpty)
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
