import Foundation
import Testing

@testable import GraderKit

@Suite struct GradeCommandTests {
  let root = URL(fileURLWithPath: "/workspace")

  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try GradeCommand.parse(arguments, root: root)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func defaultsGradeThisWorkspaceWithEveryReport() throws {
    let command = try GradeCommand.parse([], root: root)
    #expect(command.submission == nil)
    #expect(!command.solutions)
    #expect(command.formats == GradeCommand.Format.standard)
    #expect(!command.formats.contains(.gradescope))
    // Three jobs for every two cores (Grader.defaultJobs), at least one.
    #expect(command.jobs == max(1, ProcessInfo.processInfo.activeProcessorCount * 3 / 2))
  }

  @Test func theFirstLineCountsInWordsThatFit() {
    #expect(
      GradeCommand.startLine(submissions: 1, exercises: 1, jobs: 3)
        == "grading 1 submission, 1 exercise, 3 at a time…")
    #expect(
      GradeCommand.startLine(submissions: 30, slice: " (shard 2 of 4)", exercises: 16, jobs: 3)
        == "grading 30 submissions (shard 2 of 4), 16 exercises each, 3 at a time…")
  }

  @Test func optionsAreRead() throws {
    let command = try GradeCommand.parse(
      [
        "class", "-e", "01,02", "--exercise", "03", "-f", "json,csv", "-o", "out", "-j", "3", "-q",
        "--no-color",
      ],
      root: root)
    #expect(command.submission?.lastPathComponent == "class")
    #expect(command.exercises == ["01", "02", "03"])
    #expect(command.formats == [.json, .csv])
    #expect(command.output?.lastPathComponent == "out")
    #expect(command.jobs == 3)
    #expect(command.quiet && !command.color)
    #expect(try GradeCommand.parse(["-f", "none"], root: root).formats.isEmpty)
    #expect(try GradeCommand.parse(["-f", "html"], root: root).formats == [.html])
  }

  @Test func badArgumentsSayWhatToChange() {
    #expect(
      usageError(["--frobnicate"])
        == "grade: unknown option '--frobnicate'; see scripts/grade --help")
    #expect(
      usageError(["-f", "json,pdf"])?.contains(
        "-f takes markdown, json, junit, csv, html, gradescope, all or none, separated by commas, "
          + "not 'pdf'")
        == true)
    #expect(
      usageError(["-j", "zero"])
        == "grade: -j takes a whole number from 1 to 64, not 'zero'; see scripts/grade --help")
    #expect(usageError(["--jobs", "65"])?.contains("--jobs takes a whole number") == true)
    #expect(usageError(["-o"])?.hasPrefix("grade: -o needs a value: -o DIR") == true)
    #expect(usageError(["a", "b"])?.contains("takes one SUBMISSION, not 2 ('a' 'b')") == true)
    #expect(usageError(["--solutions", "a"])?.contains("takes no submission folder") == true)
    #expect(
      usageError(["--sandbox", "x"])?.contains("auto, required, off, bwrap or unshare") == true)
    #expect(usageError(["--shard", "4/3"])?.contains("--shard takes I/N") == true)
  }

  @Test func mergeTakesShardFoldersAndTheReportOptions() throws {
    let merge = try GradeCommand.parse(["merge", "s1", "s2", "-o", "out", "-f", "csv"], root: root)
    #expect(merge.merge?.map(\.lastPathComponent) == ["s1", "s2"])
    #expect(merge.output?.lastPathComponent == "out" && merge.formats == [.csv])
    #expect(usageError(["merge"])?.contains("merge needs SHARD-FOLDER") == true)
    for option in [["--solutions"], ["-e", "01"], ["--shard", "1/2"]] {
      #expect(
        usageError(["merge", "s1"] + option)?.contains("merge does not take \(option[0])") == true)
    }
    // Only the first argument names the command: after an option, `merge` is a folder.
    let folder = try GradeCommand.parse(["-q", "merge"], root: root)
    #expect(folder.merge == nil && folder.submission?.lastPathComponent == "merge")
  }

  @Test func handoutNeedsTheFolderToWriteTheEditionInto() throws {
    let handout = try GradeCommand.parse(["handout", "-o", "course"], root: root)
    #expect(handout.handout && handout.output?.lastPathComponent == "course")
    #expect(usageError(["handout", "x"])?.contains("handout takes no") == true)
    #expect {
      try GradeCommand.parse(["handout"], root: root).run()
    } throws: { error in
      "\(error)".contains("name it with -o")
    }
  }

  @Test func theLastFormatCountsAndExercisesAddUp() throws {
    let command = try GradeCommand.parse(
      ["-f", "json", "-f", "csv, html", "-e", "01, 02,"], root: root)
    #expect(command.formats == [.csv, .html])
    #expect(command.exercises == ["01", "02"])
    #expect(try GradeCommand.parse(["-f", "all,none"], root: root).formats.count == 6)
  }

  @Test func helpAnywhereAsksForTheHelp() throws {
    #expect(try GradeCommand.parse(["--help"], root: root).showsHelp)
    #expect(try GradeCommand.parse(["merge", "s1", "-h"], root: root).showsHelp)
    #expect(try GradeCommand.parse(["release", "Ada"], root: root).release == ["Ada"])
    #expect(try GradeCommand.parse(["--frobnicate", "--help"], root: root).showsHelp)
    #expect(try !GradeCommand.parse([], root: root).showsHelp)
    for text in [
      "usage: scripts/grade [command] [arguments] [options]", "release LEARNER…",
      "--solutions", "-e, --exercise IDS", "-f, --format LIST", "-o, --output DIR",
      "-j, --jobs N", "--shard I/N", "--sandbox MODE", "--build-folder DIR", "--no-color",
      "-q, --quiet", "-h, --help", "Reports (in the output folder):", "Exit status:",
      "Examples:", "merge SHARD-FOLDER…  combine the output folders",
    ] {
      #expect(GradeCommand.usage.contains(text), "the help does not mention \(text)")
    }
  }
}

@Suite struct SubmissionTests {
  let ids = ["01-first", "02-second"]

  func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("grader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func makeFolder(_ url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  @Test func aWorkspaceIsOneSubmission() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder(folder.appendingPathComponent("alice/Exercises/01-first"))
    let found = try Submission.find(at: folder.appendingPathComponent("alice"), exerciseIDs: ids)
    #expect(found.map(\.learner) == ["alice"])
    #expect(found.first?.source == .exercises(folder.appendingPathComponent("alice/Exercises")))
  }

  @Test func anExercisesFolderIsOneSubmission() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder(folder.appendingPathComponent("bob/02-second"))
    let found = try Submission.find(at: folder.appendingPathComponent("bob"), exerciseIDs: ids)
    #expect(found.map(\.learner) == ["bob"])
  }

  @Test func aClassFolderHoldsOneSubmissionPerLearnerInNameOrder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder(folder.appendingPathComponent("zed/Exercises"))
    try makeFolder(folder.appendingPathComponent("amy/Exercises"))
    try makeFolder(folder.appendingPathComponent("notes"))
    let found = try Submission.find(at: folder, exerciseIDs: ids)
    #expect(found.map(\.learner) == ["amy", "zed"])
  }

  @Test func somethingElseIsRefusedWithAReason() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder(folder.appendingPathComponent("empty"))
    #expect {
      try Submission.find(at: folder.appendingPathComponent("empty"), exerciseIDs: ids)
    } throws: { "\($0)".contains("is not a workspace (it has no Exercises/ folder)") }
    #expect {
      try Submission.find(at: folder.appendingPathComponent("nowhere"), exerciseIDs: ids)
    } throws: { "\($0)".contains("does not exist") }
  }
}

@Suite struct HandInTests {
  @Test func takesSwiftFilesOnlyAndSaysWhatItLeftOut() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("learner-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let module = folder.appendingPathComponent("01-first/Sources/First")
    try FileManager.default.createDirectory(
      at: module.appendingPathComponent("Nested"), withIntermediateDirectories: true)
    try Data("let a = 1\n".utf8).write(to: module.appendingPathComponent("A.swift"))
    try Data("let b = 2\n".utf8).write(to: module.appendingPathComponent("Nested/B.swift"))
    try Data("notes".utf8).write(to: module.appendingPathComponent("notes.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: module.appendingPathComponent("Link.swift").path, withDestinationPath: "/etc/hostname"
    )
    let found = HandIn.read(exercises: folder, id: "01-first", module: "First")
    #expect(found.files?.files.keys.sorted() == ["A.swift", "Nested/B.swift"])
    #expect(found.notes.count == 2)
    #expect(found.notes.contains { $0.contains("Link.swift is a symbolic link") })
    #expect(found.notes.contains { $0.contains("notes.txt is not a Swift file") })
  }

  @Test func aMissingModuleFolderIsMissing() {
    let found = HandIn.read(
      exercises: URL(fileURLWithPath: "/nonexistent"), id: "01-first", module: "First")
    #expect(found.files == nil)
    #expect(found.notes.first?.contains("Exercises/01-first/Sources/First/ is missing") == true)
  }
}
