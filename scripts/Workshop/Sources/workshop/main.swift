import Foundation
import GraderKit
import LearnKit
import WorkshopKit

// The workspace's tools. `scripts/exercises` runs `workshop exercises …`; `scripts/grade` runs
// `workshop grade …`; `scripts/learn` runs `workshop learn …`.

let usage = """
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

  Exercises are named by id (05-context-forcing) or number (01); none means all.

  Options:
    -j, --jobs N         with check: check N exercises at once (default 1); their builds
                         take turns, their test runs overlap
    --baselines          diagnoses: add the correct, starter and compile-error learners
    --root DIR           the workspace (default: the one containing this script)
    -h, --help           this text

  Examples:
    scripts/exercises list
    scripts/exercises generate 02
    scripts/exercises check
    scripts/exercises check --jobs 2
    scripts/exercises signatures 05
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("exercises: \(message)\n".utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
// `--root DIR` comes first from the wrapper scripts.
if arguments.count >= 2, arguments[0] == "--root" {
  root = URL(fileURLWithPath: arguments[1])
  arguments.removeFirst(2)
}

if arguments.first == "grade" {
  let gradeArguments = Array(arguments.dropFirst())
  if gradeArguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(GradeCommand.usage)
    exit(0)
  }
  do {
    let command = try GradeCommand.parse(gradeArguments, root: root)
    exit(try command.run())
  } catch let error as GradeCommand.UsageError {
    FileHandle.standardError.write(Data("grade: \(error)\n".utf8))
    exit(2)
  } catch {
    FileHandle.standardError.write(Data("grade: \(error)\n".utf8))
    exit(1)
  }
}

if arguments.first == "learn" {
  do {
    let command = try LearnCommand.parse(Array(arguments.dropFirst()), root: root)
    exit(command.run(io: .standard))
  } catch {
    FileHandle.standardError.write(Data("learn: \(error)\n".utf8))
    exit(2)
  }
}

guard arguments.first == "exercises" else {
  fail(
    "unknown tool; try: workshop exercises --help, workshop grade --help, or workshop learn --help")
}
arguments.removeFirst()
var positional: [String] = []
var checkOnly = false
var jobs = 1
var baselines = false
var index = 0
while index < arguments.count {
  let argument = arguments[index]
  switch argument {
  case "-h", "--help":
    print(usage)
    exit(0)
  case "--check": checkOnly = true
  case "--jobs", "-j":
    index += 1
    guard index < arguments.count, let count = Int(arguments[index]), count >= 1 else {
      fail("\(argument) needs a whole number of exercises to check at once, such as 2")
    }
    jobs = count
  case "--baselines": baselines = true
  case "--root":
    index += 1
    guard index < arguments.count else { fail("--root needs a folder") }
    root = URL(fileURLWithPath: arguments[index])
  default:
    if argument.hasPrefix("-") { fail("unknown option '\(argument)'\n\n\(usage)") }
    positional.append(argument)
  }
  index += 1
}
guard let command = positional.first else {
  print(usage)
  exit(2)
}
let layout = WorkspaceLayout(root: root)

do {
  let ids = try layout.select(Array(positional.dropFirst()))
  switch command {
  case "list":
    // The whole curriculum when no exercise is named, with the ones not yet written as coming.
    let present = Set(ids)
    let rows =
      positional.count > 1
      ? ids.map { id in Curriculum.entries.first { $0.id == id } ?? .init(id: id, subject: "") }
      : Curriculum.entries
        + ids.filter { Curriculum.position(of: $0) == nil }.map {
          .init(id: $0, subject: "")
        }
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
  case "generate":
    let generator = Generator(layout: layout)
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
    exit(drifted ? 1 : 0)
  case "check":
    let checks = ExerciseChecks(layout: layout)
    try checks.prepareBuildFolders()
    let tally = CheckTally()
    // `jobs` worker threads take the next exercise until none is left; their builds take turns.
    let workers = DispatchGroup()
    for _ in 0..<min(jobs, ids.count) {
      workers.enter()
      Thread {
        defer { workers.leave() }
        while let id = tally.next(of: ids) {
          let started = Date()
          do {
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
    exit(tally.failures == 0 ? 0 : 1)
  case "signatures":
    let checks = ExerciseChecks(layout: layout)
    for id in ids {
      let signatures = try checks.signatures(id) { print("        \(id): \($0)") }
      let file = "Tests/\(id)/\(DecoySignatures.fileName)"
      print(
        try signatures.write(in: layout) ? "\(id): wrote \(file)" : "\(id): \(file) is up to date")
    }
  case "diagnoses":
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
    exit(outcome.problems.isEmpty ? 0 : 1)
  default:
    fail("unknown command '\(command)'\n\n\(usage)")
  }
} catch {
  fail("\(error)")
}
