import Foundation
import GraderKit
import WorkshopCore

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
  public static let usage = """
    usage: scripts/exercises <command> [exercise…] [options]

    Commands:
      list [ids]           the curriculum in learning order: id, title, points, what it
                           reimplements, the articles to read; exercises not yet written
                           are marked as coming
      generate [ids]       regenerate Exercises/<id>/ (Package.swift, starter sources, visible
                           tests) from Solutions/<id>/ and Tests/<id>/; prints what changed
      generate --check     fail if any generated file differs from what would be generated
      check [ids]          run every check: no drift; the starter builds and its visible tests
                           fail; the starter scores 0 and the solution 100 % on the solution
                           tests; every decoy fails at least one solution test, and
                           the same tests in each of five runs; Tests/<id>/signatures.json
                           is up to date and tells the decoys apart, from one another and
                           from the starter
      signatures [ids]     run every decoy five times, as check does, and write
                           Tests/<id>/signatures.json: the solution tests each decoy fails,
                           and which of them crashed or timed out; the grader matches
                           learners' results against it
      diagnoses [ids]      grade a class of one learner per decoy (with --baselines, also a
                           correct, a starter and a compile-error learner) in
                           .build-workshop/decoy-class/, and check that each decoy's learner,
                           and nobody else, is told its misunderstanding in feedback.md,
                           results.json and report.html
      tables               rewrite the tables of exercises in Workspace.md and Exercises/README.md
                           (between their exercises-table markers) from Exercises/catalogue.json
                           and the manifests
      tables --check       fail, naming each file, if a table differs from what would be generated
      new ID --title T     start exercise ID (NN-kebab-name) in Solutions/, Tests/, Exercises/ and
                           the catalogue, and print what is left to write; --module M names its
                           module (default: the id in UpperCamelCase)
      fingerprint          print the fingerprint of the library under Packages/, which tells
                           when a reused build folder must start over (scripts/bench uses it)

    Exercises are named by id (05-context-forcing) or number (01); none means all.

    Options:
      -j, --jobs N         with check: check N exercises at once (default 1); their builds
                           take turns, their test runs overlap
      --title TEXT         new: the exercise's title
      --module NAME        new: the exercise's module
      --baselines          diagnoses: add the correct, starter and compile-error learners
      --root DIR           the workspace (default: the one containing this script)
      -h, --help           this text

    Examples:
      scripts/exercises list
      scripts/exercises generate 02
      scripts/exercises check
      scripts/exercises check --jobs 2
      scripts/exercises signatures 05
      scripts/exercises new 13-try-it --title "Try it"
    """

  /// What to do: one case per command of `usage`.
  public enum Action: String, Sendable, Equatable, CaseIterable {
    case list, generate, check, signatures, diagnoses, tables, new, fingerprint
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
  /// `check --jobs N`: how many exercises are checked at once.
  public var jobs = 1
  /// `diagnoses --baselines`: add the correct, starter and compile-error learners.
  public var baselines = false
  /// `new --title`: the new exercise's title.
  public var title: String?
  /// `new --module`: the new exercise's module.
  public var module: String?

  /// A problem with the command line, said so the user knows what to change (exit status 2).
  public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// Parses `arguments` (without the program name and the `exercises` word). Options may stand
  /// anywhere; `--help` wins over what follows it.
  public static func parse(_ arguments: [String], root: URL) throws -> ExercisesCommand {
    var command = ExercisesCommand(root: root, action: .missing)
    var positional: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help":
        command.action = .help
        return command
      case "--check": command.checkOnly = true
      case "--jobs", "-j":
        index += 1
        guard index < arguments.count, let count = Int(arguments[index]), count >= 1 else {
          throw UsageError(
            "\(argument) needs a whole number of exercises to check at once, such as 2")
        }
        command.jobs = count
      case "--baselines": command.baselines = true
      case "--title", "--module":
        index += 1
        guard index < arguments.count else { throw UsageError("\(argument) needs a value") }
        if argument == "--title" {
          command.title = arguments[index]
        } else {
          command.module = arguments[index]
        }
      case "--root":
        index += 1
        guard index < arguments.count else { throw UsageError("--root needs a folder") }
        command.root = URL(fileURLWithPath: arguments[index])
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option '\(argument)'\n\n\(usage)")
        }
        positional.append(argument)
      }
      index += 1
    }
    guard let name = positional.first else { return command }
    guard let action = Action(rawValue: name), action != .help, action != .missing else {
      throw UsageError("unknown command '\(name)'\n\n\(usage)")
    }
    command.action = action
    command.exercises = Array(positional.dropFirst())
    return command
  }

  /// The ids of the exercises named (all when none is), in `layout`; an unknown name is a
  /// usage error that lists the known ids.
  public func exerciseIDs(in layout: WorkspaceLayout) throws -> [String] {
    do {
      return try layout.select(exercises)
    } catch {
      throw UsageError("\(error)")
    }
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
      let checks = ExerciseChecks(layout: layout)
      for id in try exerciseIDs(in: layout) {
        let signatures = try checks.signatures(id) { print("        \(id): \($0)") }
        let file = "Tests/\(id)/\(DecoySignatures.fileName)"
        print(
          try signatures.write(in: layout)
            ? "\(id): wrote \(file)" : "\(id): \(file) is up to date")
      }
      return 0
    case .diagnoses:
      return try diagnoses(try exerciseIDs(in: layout), in: layout)
    case .tables:
      return try tables(in: layout)
    case .new:
      guard exercises.count == 1 else {
        throw UsageError("new needs one exercise id: scripts/exercises new 13-try-it --title \"…\"")
      }
      let scaffold = try ExerciseScaffold(
        id: exercises[0], title: title, module: module, layout: layout)
      print("Started \(scaffold.id) (module \(scaffold.module)):")
      for path in try scaffold.create() { print("  wrote \(path)") }
      print(scaffold.toDo)
      return 0
    case .fingerprint:
      print(try LibraryFingerprint(packages: layout.packages))
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
    let generator = ExerciseGenerator(layout: layout)
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

  /// `jobs` worker threads take the next exercise until none is left; their builds take turns.
  private func check(_ ids: [String], in layout: WorkspaceLayout) throws -> Int32 {
    let checks = ExerciseChecks(layout: layout)
    try checks.prepareBuildFolders()
    let tally = CheckTally()
    let workers = DispatchGroup()
    for _ in 0..<min(jobs, ids.count) {
      workers.enter()
      Thread {
        defer { workers.leave() }
        while let id = tally.next(of: ids) {
          let started = Date()
          do {
            if let refusal = try ExerciseReadiness(layout: layout).refusal(id) {
              tally.add([.init(name: "\(id): readiness", passed: false, detail: refusal)])
              tally.print("FAILED  \(id): readiness: \(refusal)")
              continue
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
      }.start()
    }
    workers.wait()
    tally.print("checks: \(tally.passes) passed, \(tally.failures) failed")
    return tally.failures == 0 ? 0 : 1
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
    let decoyClass = DecoyClass(layout: layout)
    let grader = Grader(
      layout: layout, work: root.appendingPathComponent(".build-workshop"),
      jobs: ProcessInfo.processInfo.activeProcessorCount)
    let started = Date()
    let outcome = try decoyClass.run(exerciseIDs: ids, baselines: baselines, grader: grader)
    for problem in outcome.problems { print("FAILED  \(problem)") }
    print(
      "diagnoses: \(outcome.learners) learners graded in "
        + "\(Int(Date().timeIntervalSince(started))) s; \(outcome.diagnosed) of "
        + "\(outcome.decoyLearners) decoy learners told their misunderstanding; "
        + "\(outcome.problems.count) problems; reports in \(decoyClass.reportsFolder.path)")
    return outcome.problems.isEmpty ? 0 : 1
  }
}
