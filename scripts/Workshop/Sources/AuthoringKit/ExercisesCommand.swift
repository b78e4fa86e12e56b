import CommandLineLayer
import ExerciseEngine
import ExerciseModel
import Foundation
import GraderKit

/// `scripts/exercises`: the instructor's exercise pipeline, parsed from the command line into a
/// value, then run.
///
/// It lives beside `GradeCommand` because `diagnoses` grades a class of decoy learners.
///
/// ```swift
/// let command = try ExercisesCommand.parse(["check", "--jobs", "2", "01"], root: root)
/// // command.action == .check, command.jobs == 2, command.exercises == ["01"]
/// exit(try command.run())
/// ```
public struct ExercisesCommand: Sendable, Equatable {
  /// `scripts/exercises`'s usage: its `--help` text.
  public static var usage: String { commandLine.help }

  /// What to do: one case per command of `usage`.
  public enum Action: String, Sendable, Equatable, CaseIterable {
    case list, generate, check, signatures, mutants, diagnoses, tables, new, fingerprint
    /// `--help`: the usage on standard output, exit status 0.
    case help
    /// No command at all: the usage on standard output, exit status 2.
    case missing
  }

  public var root: URL
  public var action: Action
  /// The exercises named, as typed: ids or number prefixes; none means all.
  public var exercises: [String] = []
  /// `generate --check`: report drift instead of writing.
  public var checkOnly = false
  /// `--jobs N`: how many exercises `check` checks at once (1 when not given), or how many test
  /// processes `mutants` runs at once (one per core when not given).
  public var jobs: Int?
  /// `mutants --list`: print the mutants without running them.
  public var listOnly = false
  /// `mutants --no-write`: run and print, without writing `mutation.json`.
  public var noWrite = false
  /// `check --recorded-mutants`: check `mutation.json` as recorded instead of running the
  /// mutation analysis again (what `scripts/test` does).
  public var recordedMutants = false
  /// `diagnoses --baselines`: add the correct, starter and compile-error learners.
  public var baselines = false
  /// `diagnoses --messages`: grade the partial learners only (``MessageRules``).
  public var messagesOnly = false
  /// `diagnoses --write-class`: write the class and grade nothing.
  public var writeClassOnly = false
  /// `diagnoses --class-folder`: where the class and its reports go.
  public var classFolder: URL?
  /// `new --title`: the new exercise's title.
  public var title: String?
  /// `new --module`: the new exercise's module.
  public var module: String?

  /// Parses `arguments` (without the program name and the `exercises` word). Options may stand
  /// anywhere; `--help` anywhere asks for the help.
  public static func parse(_ arguments: [String], root: URL) throws(UsageError) -> ExercisesCommand
  {
    try commandLine.parse(arguments, into: ExercisesCommand(root: root, action: .missing))
  }

  /// The ids of the exercises named (all when none is), in `layout`; an unknown name is a
  /// usage error that lists the known ids.
  public func exerciseIDs(in layout: WorkspaceLayout) throws -> [String] {
    do {
      return try layout.select(exercises)
    } catch {
      throw Self.commandLine.usageError("\(error)")
    }
  }

  /// ``exerciseIDs(in:)`` without the exercises where the learner writes tests only: they have
  /// no decoys and no learner code to mutate (the checks prove their suites against their own
  /// mutants). Says which it leaves out.
  func sourceExerciseIDs(in layout: WorkspaceLayout) throws -> [String] {
    var kept: [String] = []
    for id in try exerciseIDs(in: layout) {
      if try layout.manifest(id).gradesSources {
        kept.append(id)
      } else {
        print(
          "skip    \(id): the learner writes tests there, graded by the feature's mutants; "
            + "scripts/exercises check \(id) proves them")
      }
    }
    return kept
  }

  /// Runs the command, printing to standard output; returns the exit status.
  public func run() throws -> Int32 {
    let layout = WorkspaceLayout(root: root)
    switch action {
    case .help:
      print(Self.usage)
      return 0
    case .missing:
      print(Self.usage)
      return 2
    case .list:
      try list(try exerciseIDs(in: layout), in: layout)
      return 0
    case .generate:
      return try generate(try exerciseIDs(in: layout), in: layout)
    case .check:
      return try check(try exerciseIDs(in: layout), in: layout)
    case .signatures:
      let checks = AuthorChecks(layout: layout)
      for id in try sourceExerciseIDs(in: layout) {
        let signatures = try checks.signatures(id) { print("        \(id): \($0)") }
        let file = "Tests/\(id)/\(DecoySignatures.fileName)"
        print(
          try signatures.write(in: layout)
            ? "\(id): wrote \(file)" : "\(id): \(file) is up to date")
      }
      return 0
    case .mutants:
      return try MutantsCommand(
        layout: layout, ids: try exerciseIDs(in: layout), listOnly: listOnly,
        checkOnly: checkOnly, write: !noWrite,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount
      ).run()
    case .diagnoses:
      return try diagnoses(try sourceExerciseIDs(in: layout), in: layout)
    case .tables:
      return try tables(in: layout)
    case .new:
      let scaffold = try ExerciseScaffold(
        id: exercises[0], title: title, module: module, layout: layout)
      print("Started \(scaffold.id) (module \(scaffold.module)):")
      for path in try scaffold.create() { print("  wrote \(path)") }
      print(scaffold.toDo)
      return 0
    case .fingerprint:
      print(try Engine.libraryFingerprint(of: layout))
      return 0
    }
  }

  /// The whole curriculum when no exercise is named, with the ones not yet written as coming.
  private func list(_ ids: [String], in layout: WorkspaceLayout) throws {
    let present = Set(ids)
    let catalogue = try layout.catalogue()
    let rows =
      !exercises.isEmpty
      ? ids.map { id in catalogue.entry(id) ?? .init(id: id) }
      : catalogue.entries + ids.filter { catalogue.position(of: $0) == nil }.map { .init(id: $0) }
    for entry in rows {
      guard present.contains(entry.id) else {
        print("\(entry.id)  (coming: \(entry.subject))")
        continue
      }
      let manifest = try layout.manifest(entry.id)
      print(
        "\(entry.id)  \(manifest.title)  (\(manifest.maximumPoints) points, \(manifest.tests.count) tests)"
      )
      print("    reimplements: \(manifest.reimplements.joined(separator: "; "))")
      for article in manifest.articles {
        print("    read: \(article.title) <\(article.url)>")
      }
    }
  }

  private func generate(_ ids: [String], in layout: WorkspaceLayout) throws -> Int32 {
    let generator = ExerciseWriter(layout: layout)
    var drifted = false
    for id in ids {
      if checkOnly {
        let drift = try generator.drift(id)
        drifted = drifted || !drift.isEmpty
        print(
          drift.isEmpty
            ? "ok      \(id): up to date"
            : "DRIFT   \(id): \(drift.joined(separator: ", ")) (run scripts/exercises generate \(id))"
        )
      } else {
        let changed = try generator.generate(id)
        print(
          changed.isEmpty ? "\(id): up to date" : "\(id): wrote \(changed.joined(separator: ", "))")
      }
    }
    return drifted ? 1 : 0
  }

  /// `jobs` exercises are checked at a time, the costliest first (``checkOrder(_:in:)``); their
  /// builds take turns.
  private func check(_ ids: [String], in layout: WorkspaceLayout) throws -> Int32 {
    var configured = AuthorChecks(layout: layout)
    try configured.prepareBuildFolders()
    if !recordedMutants {
      // The analysis runs again: its test processes share the machine with the other checks.
      configured.mutation = .rerun(
        sandbox: try MutantsCommand.sandbox(work: configured.work, layout: layout),
        jobs: ProcessInfo.processInfo.activeProcessorCount)
    }
    let checks = configured
    let tally = CheckTally()
    _ = WorkQueue(width: jobs ?? 1).map(Self.checkOrder(ids, in: layout)) { id in
      let started = Date()
      do {
        if let refusal = try ExerciseReadiness(layout: layout).refusal(id) {
          tally.add([.init(name: "\(id): readiness", passed: false, detail: refusal)])
          tally.print("FAILED  \(id): readiness: \(refusal)")
          return
        }
        let verdicts = try checks.check(id, prepareBuildFolders: false) { verdict in
          tally.print(
            "\(verdict.passed ? "ok    " : "FAILED")  \(verdict.name): \(verdict.detail)")
        }
        tally.add(verdicts)
        tally.print("        \(id): checked in \(Int(Date().timeIntervalSince(started))) s")
      } catch {
        tally.add([.init(name: "\(id): checks", passed: false, detail: "\(error)")])
        tally.print("FAILED  \(id): the checks could not run: \(error)")
      }
    }
    tally.print("checks: \(tally.passes) passed, \(tally.failures) failed")
    return tally.failures == 0 ? 0 : 1
  }

  /// `ids` in the order the checks start them: the costliest first, so that when several run at
  /// once none of the long ones is left to run alone at the end. The cost is a rough weight,
  /// not a measure: one per decoy (each is built and run five times), and where the learner
  /// writes tests, one per run of a suite against every hand-written and generated mutant (the
  /// reference suite's runs and each weak suite's), plus one for its build. Ties keep the list's
  /// order; an exercise whose manifest cannot be read comes first (its check fails at once).
  static func checkOrder(_ ids: [String], in layout: WorkspaceLayout) -> [String] {
    func cost(_ id: String) -> Int {
      guard let manifest = try? layout.manifest(id) else { return .max }
      let suites =
        manifest.gradesTests
        ? AuthorChecks.referenceSuiteRuns + 1
          + manifest.weakSuites.count * (AuthorChecks.weakSuiteRuns + 1) : 0
      return manifest.decoys.count + suites
    }
    let costs = ids.map(cost)
    return ids.indices.sorted { a, b in
      costs[a] != costs[b] ? costs[a] > costs[b] : a < b
    }.map { ids[$0] }
  }

  private func tables(in layout: WorkspaceLayout) throws -> Int32 {
    let tables = ExerciseTables(layout: layout)
    guard checkOnly else {
      let changed = try tables.write()
      print(
        changed.isEmpty ? "tables: up to date" : "tables: wrote \(changed.joined(separator: ", "))")
      return 0
    }
    let drifted = try tables.drift()
    for file in drifted {
      print(
        "DRIFT   \(file): its table of exercises differs from \(Catalogue.path) and the "
          + "manifests (run scripts/exercises tables)")
    }
    if drifted.isEmpty { print("ok      tables of exercises: up to date") }
    return drifted.isEmpty ? 0 : 1
  }

  private func diagnoses(_ ids: [String], in layout: WorkspaceLayout) throws -> Int32 {
    guard !ids.isEmpty else {
      print("diagnoses: no exercise where the learner writes sources was named; nothing to do")
      return 0
    }
    let decoyClass = DecoyClass(layout: layout, folder: classFolder)
    if writeClassOnly {
      let learners = try decoyClass.write(
        exerciseIDs: ids, baselines: baselines, decoys: !messagesOnly)
      print("wrote \(learners.count) learners in \(decoyClass.classFolder.path)")
      return 0
    }
    // The grader's own default, three learners for every two cores: much of a learner's grading
    // is waiting on its test processes (the bounded waits of failing tests), which leaves a core
    // free. Measured on two cores, warm: 252 s with two learners, 204 s with three, the same CPU
    // time. (Two per core was tried: under that load a partial learner of
    // 14-controlling-a-feature, whose starter still posts through the real network, ran past a
    // test's time limit in one of its two gradings, so its reports differed.)
    let grader = Grader(
      layout: layout, work: root.appendingPathComponent(".build-workshop"),
      jobs: Grader.defaultJobs)
    let started = Date()
    let outcome = try decoyClass.run(
      exerciseIDs: ids, baselines: baselines, decoys: !messagesOnly, grader: grader)
    for problem in outcome.problems { print("FAILED  \(problem)") }
    for problem in outcome.messageProblems { print("FAILED  messages: \(problem)") }
    print(
      "messages: \(outcome.partialLearners) partial learners (steps 1 to k of one exercise, "
        + "every k); \(outcome.messagesChecked) failing tests held to the message rules; "
        + "\(outcome.messageProblems.count) problems")
    print(
      "diagnoses: \(outcome.learners) learners graded in "
        + "\(Int(Date().timeIntervalSince(started))) s; \(outcome.diagnosed) of "
        + "\(outcome.decoyLearners) decoy learners told their misunderstanding; "
        + "\(outcome.problems.count) problems; reports in \(decoyClass.reportsFolder.path)")
    return outcome.problems.isEmpty && outcome.messageProblems.isEmpty ? 0 : 1
  }
}
