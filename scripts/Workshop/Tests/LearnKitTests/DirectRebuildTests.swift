import ExerciseModel
import Foundation
import Testing

@testable import ExerciseEngine
@testable import LearnKit

/// The fixture's first exercise checked after edits that `DirectRebuild` builds without SwiftPM,
/// and after edits that need SwiftPM again. Run once; every test below reads its part.
struct DirectRebuildJourney: Sendable {
  /// A check's passing tests, and whether SwiftPM built it (its log says "Build complete!").
  struct Check: Sendable {
    var passing: Set<String>
    var compiles: Bool
    var bySwiftPM: Bool
  }

  var first: Check
  var sameDate: Check
  var brokenThenFixed: (broken: Check, fixed: Check)
  /// A compile error undone: the file's bytes back to the last build's. Then whether the
  /// module's object is in the build folder (a later link needs it).
  var undone: Check
  var undoneObjectExists: Bool
  var testEdited: Check
  var fileAdded: Check
  var unchanged: Check
  /// The module's interface changed so that the tests no longer compile, then changed back.
  var testsBrokenThenFixed: (broken: Check, fixed: Check)
  /// After a copy of the exercise, with other code, was built by SwiftPM in the same build
  /// folder (its targets have the same names, so its outputs replace the exercise's).
  var afterACopyWasBuilt: Check
}

let directRebuildJourney = Task<DirectRebuildJourney, any Error> {
  try await offThread {
    let fixture = try LearnFixture("direct")
    let workspace = fixture.workspace()
    let id = LearnFixture.stepsID
    let log = workspace.checker.work.appendingPathComponent("runs/\(id)/build.log")
    func check() throws -> DirectRebuildJourney.Check {
      let report = try workspace.check(id)
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      return .init(
        passing: Set(report.lines.filter(\.passed).map(\.test.name)), compiles: report.compiles,
        bySwiftPM: text.contains("Build complete!"))
    }
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let first = try check()

    // Step 2 done, saved with the very date the file had: a compiler that went by dates would
    // take it for unchanged.
    let date = try FileManager.default.attributesOfItem(atPath: fixture.stepsFile.path)[
      .modificationDate]
    try fixture.writeSteps(LearnFixture.allDone)
    try FileManager.default.setAttributes(
      [.modificationDate: date as Any], ofItemAtPath: fixture.stepsFile.path)
    let sameDate = try check()

    try fixture.writeSteps(LearnFixture.compileError)
    let broken = try check()
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let fixed = try check()

    // The failed compile took the file's objects away: undoing the edit compiles it again.
    try fixture.writeSteps(LearnFixture.compileError)
    _ = try check()
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let undone = try check()
    let object = workspace.checker.scratch.appendingPathComponent("debug/Steps.build/Steps.swift.o")
    let undoneObjectExists = FileManager.default.fileExists(atPath: object.path)

    // An edit of the visible tests: the test module is compiled again, directly.
    let tests = fixture.layout.exercise(id).appendingPathComponent(
      "Tests/StepsTests/StepsLessonTests.swift")
    let visible = try String(contentsOf: tests, encoding: .utf8)
    try Data(
      visible.replacingOccurrences(of: "@Test func doublesZero()", with: "@Test func doublesNil()")
        .utf8
    ).write(to: tests)
    let testEdited = try check()

    // A new file: only SwiftPM knows which target it belongs to.
    try Data("public let added = 1\n".utf8).write(
      to: fixture.stepsFile.deletingLastPathComponent().appendingPathComponent("Added.swift"))
    let fileAdded = try check()
    let unchanged = try check()

    try fixture.writeSteps(
      LearnFixture.allDone.replacingOccurrences(of: "func double(", with: "func twice("))
    let testsBroken = try check()
    try fixture.writeSteps(LearnFixture.allDone)
    let testsFixed = try check()

    // Beside the exercise, so its path to the library is the same.
    let copy = fixture.layout.exercises.appendingPathComponent("copy-of-\(id)")
    try? FileManager.default.removeItem(at: copy)
    try FileManager.default.copyItem(at: fixture.layout.exercise(id), to: copy)
    try Data(LearnFixture.stepOneDone.utf8).write(
      to: copy.appendingPathComponent("Sources/Steps/Steps.swift"))
    let copyBuild = try SwiftPMBuild.run(
      package: copy, scratch: workspace.checker.scratch,
      log: fixture.root.appendingPathComponent("copy-build.log"))
    try FileManager.default.removeItem(at: copy)
    guard copyBuild.status == 0 else {
      throw WorkshopError("the copy did not build: see \(fixture.root.path)/copy-build.log")
    }
    let afterACopyWasBuilt = try check()
    return DirectRebuildJourney(
      first: first, sameDate: sameDate, brokenThenFixed: (broken, fixed), undone: undone,
      undoneObjectExists: undoneObjectExists,
      testEdited: testEdited, fileAdded: fileAdded, unchanged: unchanged,
      testsBrokenThenFixed: (testsBroken, testsFixed), afterACopyWasBuilt: afterACopyWasBuilt)
  }
}

@Suite struct DirectRebuildTests {
  @Test func theFirstBuildIsSwiftPMs() async throws {
    let journey = try await directRebuildJourney.value
    #expect(journey.first.bySwiftPM)
    #expect(journey.first.passing == ["doublesTwo()", "doublesZero()"])
  }

  @Test func anEditSavedWithTheOldDateIsCompiledWithoutSwiftPM() async throws {
    let journey = try await directRebuildJourney.value
    #expect(!journey.sameDate.bySwiftPM)
    #expect(journey.sameDate.passing.contains("greetsAda()"))
  }

  @Test func aCompileErrorIsReportedAndItsFixIsBuiltDirectly() async throws {
    let journey = try await directRebuildJourney.value
    #expect(!journey.brokenThenFixed.broken.compiles)
    #expect(!journey.brokenThenFixed.broken.bySwiftPM)
    #expect(journey.brokenThenFixed.fixed.compiles)
    #expect(!journey.brokenThenFixed.fixed.bySwiftPM)
    #expect(journey.brokenThenFixed.fixed.passing == ["doublesTwo()", "doublesZero()"])
  }

  @Test func aCompileErrorUndoneIsCompiledAgain() async throws {
    let journey = try await directRebuildJourney.value
    #expect(journey.undone.compiles && !journey.undone.bySwiftPM)
    #expect(journey.undone.passing == journey.brokenThenFixed.fixed.passing)
    #expect(journey.undoneObjectExists, "the module's object is back for the next link")
  }

  @Test func anEditedTestIsCompiledDirectly() async throws {
    let journey = try await directRebuildJourney.value
    #expect(!journey.testEdited.bySwiftPM)
    #expect(journey.testEdited.passing == ["doublesTwo()", "doublesNil()"])
  }

  @Test func aNewFileIsBuiltBySwiftPM() async throws {
    let journey = try await directRebuildJourney.value
    #expect(journey.fileAdded.bySwiftPM)
    #expect(journey.fileAdded.passing == ["doublesTwo()", "doublesNil()"])
    #expect(!journey.unchanged.bySwiftPM)
    #expect(journey.unchanged.passing == journey.fileAdded.passing)
  }

  @Test func testsThatStopCompilingAndCompileAgainAreBuiltFromTheNewInterface() async throws {
    let journey = try await directRebuildJourney.value
    #expect(!journey.testsBrokenThenFixed.broken.compiles)
    #expect(journey.testsBrokenThenFixed.fixed.compiles)
    #expect(!journey.testsBrokenThenFixed.fixed.bySwiftPM)
    #expect(
      journey.testsBrokenThenFixed.fixed.passing
        == ["doublesTwo()", "doublesNil()", "greetsAda()", "greetsTheDouble()"])
  }

  @Test func outputsAnotherBuildReplacedAreBuiltAgainBySwiftPM() async throws {
    let journey = try await directRebuildJourney.value
    #expect(journey.afterACopyWasBuilt.bySwiftPM)
    #expect(journey.afterACopyWasBuilt.passing == journey.testsBrokenThenFixed.fixed.passing)
  }
}
