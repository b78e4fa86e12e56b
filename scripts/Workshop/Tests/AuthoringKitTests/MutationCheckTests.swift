import AuthoringKit
import ExerciseModel
import Foundation
import Mutation
import Testing

/// The check `scripts/test` makes of a recorded mutation analysis, without running it.
@Suite struct MutationCheckTests {
  static let id = "07-new-thing"

  /// A workspace whose solution has three mutants (`<` → `<=`, `<` → `>=`, the `insert` left
  /// out) and whose tests are `S/a()` and `S/b()`.
  func workspace(equivalent: String = "[]") throws -> AuthoringWorkspace {
    let workspace = try AuthoringWorkspace(
      entries: [AuthoringWorkspace.entry(Self.id)], withManifests: [Self.id])
    try workspace.write(
      """
      func keep(_ values: [Int], below limit: Int, into list: inout [Int]) {
        for value in values {
          #if SOLUTION
            if value < limit { list.insert(value, at: list.endIndex) }
          #endif
        }
      }
      """, "Solutions/\(Self.id)/Sources/NewThing/Keep.swift")
    try workspace.write(
      "@Suite struct S {\n  @Test func a() {}\n  @Test func b() {}\n}\n",
      "Tests/\(Self.id)/NewThingTests/A.swift")
    let manifest = try workspace.read("Tests/\(Self.id)/exercise.json")
    try workspace.write(
      manifest.replacingOccurrences(
        of: #""decoys": [] }"#, with: #""decoys": [], "equivalentMutants": \#(equivalent) }"#),
      "Tests/\(Self.id)/exercise.json")
    return workspace
  }

  /// Writes a report in which each mutant, in order, is killed by the tests given (none: it
  /// survived).
  func record(_ killers: [[String]], in workspace: AuthoringWorkspace) throws -> [Mutant] {
    let sources = try ExerciseSources(id: Self.id, layout: workspace.layout)
    let mutants = try MutationFile.module(of: sources).flatMap { MutantFinder.mutants(in: $0) }
    let entries = zip(mutants, killers).map { mutant, tests in
      MutationReport.Entry(
        mutant, built: .schemata, result: tests.isEmpty ? .survived : .killed, killedBy: tests)
    }
    try MutationReport(
      exercise: Self.id, fingerprint: MutationReport.fingerprint(of: sources), mutants: entries
    ).write(in: workspace.layout)
    return mutants
  }

  func problems(_ workspace: AuthoringWorkspace) throws -> [String] {
    try MutationCheck(id: Self.id, layout: workspace.layout).problems
  }

  @Test func aCurrentReportWithEveryMutantKilledPasses() throws {
    let workspace = try workspace()
    let mutants = try record([["S/a()"], ["S/a()", "S/b()"], ["S/b()"]], in: workspace)
    #expect(mutants.count == 3)
    let check = try MutationCheck(id: Self.id, layout: workspace.layout)
    #expect(check.problems.isEmpty)
    #expect(check.score?.percent == 100)
    #expect(check.score?.killedByVisibleTests == 3)
  }

  @Test func aSurvivorIsNamedWithItsLines() throws {
    let workspace = try workspace()
    let mutants = try record([["S/a()"], [], ["S/b()"]], in: workspace)
    let problems = try problems(workspace)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("mutant \(mutants[1].id) survives: ") == true)
    #expect(
      problems.first?.contains("`if value < limit { list.insert(value, at: list.endIndex) }` → ")
        == true)
  }

  @Test func aDeletedTestLeavesItsMutantsSurvivingAndTheReportOutOfDate() throws {
    let workspace = try workspace()
    let mutants = try record([["S/a()"], ["S/a()", "S/b()"], ["S/a()"]], in: workspace)
    try workspace.write(
      "@Suite struct S {\n  @Test func b() {}\n}\n", "Tests/\(Self.id)/NewThingTests/A.swift")
    let problems = try problems(workspace)
    #expect(problems.count == 3)
    #expect(problems[0].hasPrefix("mutant \(mutants[0].id) survives now: "))
    #expect(
      problems[0].contains("was caught only by S/a(), which the solution tests no longer have"))
    #expect(problems[1].hasPrefix("mutant \(mutants[2].id) survives now: "))
    #expect(problems[2].contains("mutation.json is out of date"))
  }

  @Test func equivalentMutantsMustSurviveAndBeFew() throws {
    // One of three may not be equivalent (a tenth of 3 rounds down to 0).
    let sources = try workspace()
    let ids = try record([["S/a()"], [], ["S/b()"]], in: sources).map(\.id)
    let equivalent = """
      [{ "id": "\(ids[1])", "reason": "Never observable here." },
       { "id": "\(ids[0])", "reason": "Claimed, but S/a() kills it." },
       { "id": "Keep.swift:arithmetic:00000000", "reason": "Not a mutant at all." }]
      """
    let workspace = try workspace(equivalent: equivalent)
    _ = try record([["S/a()"], [], ["S/b()"]], in: workspace)
    let problems = try problems(workspace)
    #expect(
      problems == [
        "equivalentMutants names \(ids[0]), but S/a() kills it, so it is not equivalent; remove "
          + "it from Tests/07-new-thing/exercise.json",
        "equivalentMutants names Keep.swift:arithmetic:00000000, which the analysis does not "
          + "make (any more); remove it from Tests/07-new-thing/exercise.json",
        "3 of 3 mutants are recorded as equivalent, more than a tenth (0); most survivors are "
          + "gaps in the tests",
      ])
  }

  @Test func aMissingOrStaleReportIsRefused() throws {
    let workspace = try workspace()
    #expect(
      try problems(workspace) == [
        "Tests/07-new-thing/mutation.json is missing; write it with scripts/exercises mutants "
          + "07-new-thing"
      ])
    _ = try record([["S/a()"], ["S/b()"], ["S/b()"]], in: workspace)
    try workspace.write(
      """
      func keep(_ values: [Int], below limit: Int, into list: inout [Int]) {
        for value in values {
          #if SOLUTION
            if value <= limit - 1 { list.append(value) }
          #endif
        }
      }
      """, "Solutions/\(Self.id)/Sources/NewThing/Keep.swift")
    #expect(try problems(workspace).contains { $0.contains("mutation.json is out of date") })
  }

  @Test func theScoreLeavesOutEquivalentAndStillbornMutants() {
    let score = MutationReport.Score(
      mutants: 40, killed: 37, equivalent: 1, survived: 2, stillborn: 3, killedByVisibleTests: 30)
    #expect(MutationReport.percentText(score.percent) == "94.8 %")
    #expect(MutationReport.percentText(score.visiblePercent) == "76.9 %")
    #expect(MutationReport.percentText(99.99) == "99.9 %")
  }
}

/// A reference test's display name names the bugs it catches to learners: it must be a
/// behaviour in words.
struct BehaviourNameTests {
  @Test func aBehaviourSentencePasses() {
    #expect(
      MutationCheck.behaviourProblem("the timer counts exactly 1, 2, 3 after three seconds") == nil)
    #expect(
      MutationCheck.behaviourProblem("a failed refresh shows exactly \"Could not load.\"") == nil)
  }

  @Test func aFunctionNameOrCodeIsRefused() {
    #expect(MutationCheck.behaviourProblem("timerTicksOncePerSecond()") != nil)
    #expect(MutationCheck.behaviourProblem("ticks once") != nil)
    #expect(MutationCheck.behaviourProblem("the model sets `ticks` to one") != nil)
    #expect(MutationCheck.behaviourProblem("the model calls runTimer and counts ticks") != nil)
  }
}
