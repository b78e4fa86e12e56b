import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// A class handed in as git repositories, graded at the last commit before a deadline.
@Suite struct GitHandInsTests {
  /// A fresh folder for one test's class.
  let base = FileManager.default.temporaryDirectory
    .appendingPathComponent("git-hand-ins-\(UUID().uuidString)")
  let deadline = Date(timeIntervalSince1970: 1_800_000_000)

  /// Runs git in `folder` with the commit dates set to `date`; returns what it printed.
  @discardableResult
  func git(_ arguments: [String], in folder: URL, at date: Date? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_AUTHOR_NAME"] = "Learner"
    environment["GIT_AUTHOR_EMAIL"] = "learner@example.com"
    environment["GIT_COMMITTER_NAME"] = "Learner"
    environment["GIT_COMMITTER_EMAIL"] = "learner@example.com"
    if let date {
      environment["GIT_AUTHOR_DATE"] = "@\(Int(date.timeIntervalSince1970)) +0000"
      environment["GIT_COMMITTER_DATE"] = "@\(Int(date.timeIntervalSince1970)) +0000"
    }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A learner's repository whose `Exercises/01-hello/Sources/Hello/Hello.swift` says `text` at
  /// each commit, committed `offsets` seconds from the deadline; returns the commits.
  func repository(_ learner: String, commits: [(text: String, offset: Double)]) throws
    -> (url: URL, commits: [String])
  {
    let url = base.appendingPathComponent("class/\(learner)")
    let file = url.appendingPathComponent("Exercises/01-hello/Sources/Hello/Hello.swift")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try git(["init", "-q"], in: url)
    var made: [String] = []
    for commit in commits {
      try Data(commit.text.utf8).write(to: file)
      let date = deadline.addingTimeInterval(commit.offset)
      try git(["add", "-A"], in: url, at: date)
      try git(["commit", "-q", "-m", commit.text], in: url, at: date)
      made.append(try git(["rev-parse", "HEAD"], in: url))
    }
    return (url, made)
  }

  func handedIn(_ submission: Submission) throws -> String {
    let file = submission.folder.appendingPathComponent(
      "Exercises/01-hello/Sources/Hello/Hello.swift")
    return try String(contentsOf: file, encoding: .utf8)
  }

  @Test func eachLearnerIsGradedAtTheLastCommitBeforeTheDeadline() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let ada = try repository("ada", commits: [("first", -7200), ("on time", -60), ("late", 60)])
    let bob = try repository("bob", commits: [("at the deadline itself", 0)])
    let before = try FileManager.default.contentsOfDirectory(atPath: ada.url.path).sorted()
    let resolved = try GitHandIns(deadline: deadline, folder: base.appendingPathComponent("out"))
      .resolve(base.appendingPathComponent("class"), exerciseIDs: ["01-hello"])
    #expect(resolved.submissions.map(\.learner) == ["ada", "bob"])
    let adaSubmission = resolved.submissions[0]
    #expect(adaSubmission.commit == ada.commits[1])
    #expect(try handedIn(adaSubmission) == "on time")
    #expect(adaSubmission.origin?.path == ada.url.standardizedFileURL.path)
    // A commit made at the deadline's second is late: bob handed in nothing.
    #expect(resolved.submissions[1].commit == nil)
    #expect(resolved.notes.contains { $0.contains("no commit before") && $0.contains("bob") })
    // The learner's repository is left as it was: its last commit still checked out.
    #expect(try git(["rev-parse", "HEAD"], in: ada.url) == ada.commits[2])
    #expect(try FileManager.default.contentsOfDirectory(atPath: ada.url.path).sorted() == before)
    _ = bob
  }

  @Test func badClassesSayWhatIsWrong() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let handIns = GitHandIns(deadline: deadline, folder: base.appendingPathComponent("out"))
    // A folder with no repository in it.
    let empty = base.appendingPathComponent("empty/not-a-repository")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    #expect {
      try handIns.resolve(base.appendingPathComponent("empty"), exerciseIDs: ["01-hello"])
    } throws: { "\($0)".contains("holds none, so there is nothing to grade") }
    // One learner twice: two folders whose names differ only by case.
    _ = try repository("Ada", commits: [("one", -60)])
    _ = try repository("ada", commits: [("two", -60)])
    #expect {
      try handIns.resolve(base.appendingPathComponent("class"), exerciseIDs: ["01-hello"])
    } throws: { "\($0)".contains("Ada and ada would be one learner twice") }
  }

  @Test func foldersThatAreNotRepositoriesAreNamedAndNotGraded() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    _ = try repository("ada", commits: [("on time", -60)])
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("class/notes"), withIntermediateDirectories: true)
    let resolved = try GitHandIns(deadline: deadline, folder: base.appendingPathComponent("out"))
      .resolve(base.appendingPathComponent("class"), exerciseIDs: ["01-hello"])
    #expect(resolved.submissions.map(\.learner) == ["ada"])
    #expect(resolved.notes.contains { $0.contains("notes (not a git repository)") })
  }
}
