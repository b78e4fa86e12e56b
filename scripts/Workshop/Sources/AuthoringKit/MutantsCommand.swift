import ExerciseEngine
import ExerciseModel
import Foundation
import Mutation

/// `scripts/exercises mutants [ids]`: the mutation analysis of exercises' solution tests and,
/// where learners write tests, of the reference suite (``MutationSubject``).
///
/// - With no option it runs the analysis (`Engine.analyseMutations`) in the grader's sandbox, writes
///   `Tests/<id>/mutation.json` and `suite-mutation.json` (not with `--no-write`), and prints
///   the score and every survivor with its line before and after. It exits 1 when a score is
///   below 100 %.
/// - `--list` prints the mutants only, without building anything.
/// - `--check` checks the recorded reports (``MutationCheck``) without running anything.
struct MutantsCommand {
  var layout: WorkspaceLayout
  var ids: [String]
  var listOnly: Bool
  var checkOnly: Bool
  /// Whether to write `mutation.json` (not with `--no-write`).
  var write: Bool
  var jobs: Int

  func run() throws -> Int32 {
    if listOnly {
      for id in ids { try list(id) }
      return 0
    }
    if checkOnly { return try check() }
    return try analyse()
  }

  /// Every (exercise, subject) pair of ``ids``, in order.
  private func pairs() throws -> [(id: String, subject: MutationSubject)] {
    try ids.flatMap { id in MutationSubject.of(try layout.manifest(id)).map { (id, $0) } }
  }

  private func list(_ id: String) throws {
    let sources = try ExerciseSources(id: id, layout: layout)
    for mutant in sources.manifest.mutants {
      let changes = try HandMutantChanges(sources: sources, mutant: mutant)
      print(
        "\(id) hand mutant \(mutant.name): changes \(changes.lines.joined(separator: ", "))"
          + (changes.outside.isEmpty
            ? "" : " (not named: \(changes.outside.joined(separator: ", ")))"))
    }
    for subject in MutationSubject.of(sources.manifest) {
      let mutants = try subject.sources(of: sources).flatMap { MutantFinder.mutants(in: $0) }
      print("\(id) (\(subject.fileName)): \(mutants.count) mutants")
      for mutant in mutants {
        print("  \(mutant.id)  line \(mutant.line)")
        print("      before: \(mutant.before)")
        print("      after:  \(mutant.after.isEmpty ? "(left out)" : mutant.after)")
      }
    }
  }

  private func check() throws -> Int32 {
    var failed = false
    for (id, subject) in try pairs() {
      let check = try MutationCheck(id: id, layout: layout, subject: subject)
      if check.problems.isEmpty, let score = check.score {
        print(
          "ok      \(id): \(subject.fileName) is current; "
            + MutationCheck.summary(score, subject: subject))
      } else {
        failed = true
        for problem in check.problems { print("FAILED  \(id): \(problem)") }
      }
    }
    return failed ? 1 : 0
  }

  private func analyse() throws -> Int32 {
    let work = layout.root.appendingPathComponent(".build-workshop")
    let engine = Engine(
      layout: layout, work: work, sandbox: try Self.sandbox(work: work, layout: layout))
    try engine.prepareBuildFolders()
    var failed = false
    let everything = Date()
    for (id, subject) in try pairs() {
      let started = Date()
      let report: MutationReport
      do {
        report = try engine.analyseMutations(id, subject: subject, jobs: jobs) {
          print("        \(id): \($0)")
        }
      } catch {
        failed = true
        print("FAILED  \(id): the mutation analysis could not run: \(error)")
        continue
      }
      let seconds = Int(Date().timeIntervalSince(started))
      let file = "Tests/\(id)/\(subject.fileName)"
      let note: String
      if write {
        note = try report.write(in: layout) ? "wrote \(file)" : "\(file) is up to date"
      } else {
        note = "\(file) left as it is (--no-write)"
      }
      let check = try MutationCheck(
        sources: try ExerciseSources(id: id, layout: layout), report: report, subject: subject)
      if let score = check.score {
        print("\(id): \(MutationCheck.summary(score, subject: subject)) (\(seconds) s)")
      }
      print("        \(id): \(note)")
      for problem in check.problems {
        failed = true
        print("FAILED  \(id): \(problem)")
      }
    }
    print("mutants: \(ids.count) exercises in \(Int(Date().timeIntervalSince(everything))) s")
    return failed ? 1 : 0
  }

  /// The grader's sandbox (when this machine can make one), hiding the workspace and the build
  /// folder from the test processes, as the grader does.
  static func sandbox(work: URL, layout: WorkspaceLayout) throws -> Sandbox? {
    let choice = try Sandbox.choose(
      .automatic,
      scratch: work.appendingPathComponent(
        "sandbox-check-\(ProcessInfo.processInfo.processIdentifier)"))
    if let note = choice.note { print("        note: \(note)") }
    var sandbox = choice.sandbox
    sandbox?.hiddenPaths += [layout.root.path, work.standardizedFileURL.path]
    return sandbox
  }
}
