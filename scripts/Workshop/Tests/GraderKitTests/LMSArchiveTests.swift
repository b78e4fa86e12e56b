import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// Whether this machine has the zip tools the archives are made and read with.
let zipTools = ["/usr/bin/zip", "/usr/bin/unzip"].allSatisfy {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Learning systems' "download all submissions" archives, unpacked one learner per folder.
@Suite(.enabled(if: zipTools, "needs zip and unzip"))
struct LMSArchiveTests {
  let base = FileManager.default.temporaryDirectory
    .appendingPathComponent("lms-archive-\(UUID().uuidString)")
  let ids = ["01-hello"]

  /// Writes `files` (path → text) under `folder`, then zips `folder`'s content into `archive`.
  func zip(_ files: [String: String], as archive: String, from folder: String) throws -> URL {
    let root = base.appendingPathComponent(folder)
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let output = base.appendingPathComponent(archive)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
    process.arguments = ["-q", "-r", output.path, "."]
    process.currentDirectoryURL = root
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return output
  }

  func source(_ submission: Submission) throws -> String {
    guard case .exercises(let exercises) = submission.source else { return "" }
    return try String(
      contentsOf: exercises.appendingPathComponent("01-hello/Sources/Hello/Hello.swift"),
      encoding: .utf8)
  }

  @Test func moodleFoldersAreParticipants() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    // Ada uploaded her workspace as a zip; Grace her Exercises folder's files as they are.
    let ada = try zip(
      ["workspace/Exercises/01-hello/Sources/Hello/Hello.swift": "ada's"], as: "ada.zip",
      from: "ada-upload")
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("moodle/Ada Lovelace_7_assignsubmission_file_"),
      withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ada,
      to: base.appendingPathComponent("moodle/Ada Lovelace_7_assignsubmission_file_/ada.zip"))
    let archive = try zip(
      [
        "Grace Hopper_8_assignsubmission_file_/Exercises/01-hello/Sources/Hello/Hello.swift":
          "grace's"
      ],
      as: "moodle.zip", from: "moodle")
    let found = try LMSArchive(file: archive, folder: base.appendingPathComponent("out"))
      .resolve(exerciseIDs: ids)
    #expect(found.submissions.map(\.learner) == ["7", "8"])
    #expect(try source(found.submissions[0]) == "ada's")
    #expect(try source(found.submissions[1]) == "grace's")
  }

  @Test func canvasFilesAreUsersAndAnythingElseIsNamed() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let upload = try zip(
      ["Exercises/01-hello/Sources/Hello/Hello.swift": "alan's"], as: "upload.zip",
      from: "alan-upload")
    let canvas = base.appendingPathComponent("canvas")
    try FileManager.default.createDirectory(at: canvas, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: upload, to: canvas.appendingPathComponent("turingalan_LATE_103_5551_workspace.zip"))
    try Data("read me".utf8).write(to: canvas.appendingPathComponent("notes.txt"))
    let archive = try zip([:], as: "canvas.zip", from: "canvas")
    let found = try LMSArchive(file: archive, folder: base.appendingPathComponent("out"))
      .resolve(exerciseIDs: ids)
    #expect(found.submissions.map(\.learner) == ["103"])
    #expect(try source(found.submissions[0]) == "alan's")
    #expect(found.notes.contains { $0.contains("notes.txt") })
  }

  @Test func aLearnerTwiceOrAnEntryOutsideItsFolderStopsTheRun() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let twice = try zip(
      [
        "hopper_102_1_a.zip": "one", "hopper_102_2_b.zip": "two",
      ], as: "twice.zip", from: "twice")
    #expect {
      try LMSArchive(file: twice, folder: base.appendingPathComponent("out"))
        .resolve(exerciseIDs: ids)
    } throws: { "\($0)".contains("holds learner 102 twice") }
    // An entry that climbs out of its folder: written with a path zip stores as given.
    let outside = base.appendingPathComponent("outside")
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("in"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: outside.appendingPathComponent("escape.txt"))
    let archive = base.appendingPathComponent("outside.zip")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
    process.arguments = ["-q", archive.path, "../escape.txt"]
    process.currentDirectoryURL = outside.appendingPathComponent("in")
    try process.run()
    process.waitUntilExit()
    #expect {
      try LMSArchive(file: archive, folder: base.appendingPathComponent("out2"))
        .resolve(exerciseIDs: ids)
    } throws: { "\($0)".contains("holds an entry outside its folder") }
    #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("escape.txt").path))
  }
}
