import CommandLineLayer
import ExerciseModel
import Foundation
import Testing

@testable import AuthoringKit

@Suite struct ExercisesCommandTests {
  let root = URL(fileURLWithPath: "/workspace")

  func parse(_ arguments: [String]) throws -> ExercisesCommand {
    try ExercisesCommand.parse(arguments, root: root)
  }

  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      #expect(error is UsageError)
      return "\(error)"
    }
  }

  @Test(
    arguments: ["list", "generate", "check", "signatures", "mutants", "diagnoses", "fingerprint"])
  func everyCommandIsRead(name: String) throws {
    let command = try parse([name])
    #expect(command.action.rawValue == name)
    #expect(command.exercises.isEmpty)
    #expect(!command.checkOnly && command.jobs == nil && !command.baselines)
    #expect(!command.listOnly && !command.noWrite && !command.recordedMutants)
    #expect(command.root == root)
  }

  @Test func exercisesFollowTheCommand() throws {
    let command = try parse(["check", "01", "06-escaped-dependencies"])
    #expect(command.action == .check)
    #expect(command.exercises == ["01", "06-escaped-dependencies"])
  }

  @Test func optionsAreReadWhereverTheyStand() throws {
    #expect(try parse(["generate", "--check"]).checkOnly)
    #expect(try parse(["--check", "generate", "02"]).exercises == ["02"])
    #expect(try parse(["check", "--jobs", "2", "01"]).jobs == 2)
    #expect(try parse(["check", "-j", "3"]).jobs == 3)
    #expect(try parse(["diagnoses", "--baselines", "05"]).baselines)
    #expect(try parse(["mutants", "--list", "09"]).listOnly)
    #expect(try parse(["mutants", "--check"]).checkOnly)
    #expect(try parse(["mutants", "--no-write", "01"]).noWrite)
    #expect(try parse(["check", "--recorded-mutants"]).recordedMutants)
    let moved = try parse(["list", "--root", "/elsewhere"])
    #expect(moved.root.path == "/elsewhere")
  }

  @Test func helpWinsAndNothingIsMissing() throws {
    #expect(try parse(["--help"]).action == .help)
    #expect(try parse(["-h"]).action == .help)
    #expect(try parse(["check", "--help", "--frobnicate"]).action == .help)
    #expect(try parse([]).action == .missing)
    #expect(try parse(["--jobs", "2"]).action == .missing)
  }

  @Test func helpAndMissingPrintTheUsageWithTheirStatus() throws {
    #expect(try parse(["--help"]).run() == 0)
    #expect(try parse([]).run() == 2)
    #expect(ExercisesCommand.usage.contains("check [ids]"))
    #expect(ExercisesCommand.usage.contains("-j, --jobs N"))
  }

  @Test func badArgumentsSayWhatToChange() {
    #expect(
      usageError(["lsit"])
        == "exercises: unknown command 'lsit'; the commands are list, generate, check, "
        + "signatures, mutants, diagnoses, tables, new and fingerprint; see scripts/exercises "
        + "--help")
    #expect(usageError(["help"])?.hasPrefix("exercises: unknown command 'help'") == true)
    #expect(
      usageError(["check", "--frobnicate"])
        == "exercises: unknown option '--frobnicate'; see scripts/exercises --help")
    #expect(usageError(["check", "--jobs"])?.hasPrefix("exercises: --jobs needs a value") == true)
    let jobs = "exercises: --jobs takes a whole number above 0, not"
    #expect(usageError(["check", "--jobs", "two"])?.hasPrefix(jobs + " 'two'") == true)
    #expect(usageError(["check", "--jobs", "0"])?.hasPrefix(jobs + " '0'") == true)
    #expect(
      usageError(["check", "-j", "-1"])?.hasPrefix("exercises: -j takes a whole number") == true)
    #expect(usageError(["list", "--root"])?.hasPrefix("exercises: --root needs a value") == true)
  }

  @Test func helpForEveryCommand() throws {
    for action in ExercisesCommand.Action.allCases where action != .help && action != .missing {
      #expect(try parse([action.rawValue, "--help"]).action == .help)
      #expect(ExercisesCommand.usage.contains("  \(action.rawValue)"))
    }
    for text in ["--check", "--baselines", "--root DIR", "Examples:", "none means all"] {
      #expect(ExercisesCommand.usage.contains(text), "the help does not mention \(text)")
    }
  }

  @Test func exercisesAreNamedByIDOrNumber() throws {
    let workspace = try temporaryWorkspace(ids: ["01-first", "02-second"])
    defer { try? FileManager.default.removeItem(at: workspace) }
    let layout = WorkspaceLayout(root: workspace)
    #expect(try parse(["check"]).exerciseIDs(in: layout) == ["01-first", "02-second"])
    #expect(
      try parse(["check", "02", "01-first"]).exerciseIDs(in: layout) == [
        "02-second", "01-first",
      ])
    #expect(throws: UsageError.self) {
      try parse(["check", "03"]).exerciseIDs(in: layout)
    }
    do {
      _ = try parse(["check", "03"]).exerciseIDs(in: layout)
    } catch {
      #expect("\(error)".contains("\"03\" names no exercise"))
      #expect("\(error)".contains("known: 01-first, 02-second"))
    }
  }

  func temporaryWorkspace(ids: [String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("exercises-command-\(UUID().uuidString)")
    for id in ids {
      let folder = root.appendingPathComponent("Tests/\(id)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: folder.appendingPathComponent("exercise.json"))
    }
    return root
  }
}
