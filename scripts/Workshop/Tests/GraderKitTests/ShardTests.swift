import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

@Suite struct ShardTests {
  @Test func slicesAreDealtOutInTurnAndCoverTheClass() throws {
    let learners = (1...10).map { "learner-\($0)" }
    let slices = (1...3).map { Shard(index: $0, count: 3).slice(learners) }
    #expect(slices.map(\.count) == [4, 3, 3])
    #expect(Set(slices.flatMap { $0 }) == Set(learners))
    #expect(slices[1] == ["learner-2", "learner-5", "learner-8"])
  }

  @Test func badShardsSayWhatIsExpected() throws {
    for text in ["0/3", "4/3", "3", "a/b", "1/0", "2/3/4"] {
      #expect(throws: WorkshopError.self) { try Shard(parsing: text) }
    }
    #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
  }

  func file(_ index: Int, of count: Int, _ reports: [GradeReport], learners: [String])
    -> ShardFile
  {
    ShardFile(
      shard: Shard(index: index, count: count), classLearners: learners,
      exerciseIDs: ["01-hello", "02-optionals"], classNotes: [], reports: reports)
  }

  @Test func mergingPutsTheClassBackInOrder() throws {
    let learners = [Fixtures.ada, Fixtures.bob, Fixtures.carol].map(\.learner)
    let merged = try ShardFile.merge([
      ("b", file(2, of: 2, [Fixtures.bob], learners: learners)),
      ("a", file(1, of: 2, [Fixtures.ada, Fixtures.carol], learners: learners)),
    ])
    #expect(merged.reports.map(\.learner) == learners)
    let data = try file(1, of: 2, [Fixtures.ada], learners: learners).encoded()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try data.write(to: folder.appendingPathComponent(ShardFile.fileName))
    #expect(try ShardFile.read(from: folder).reports == [Fixtures.ada])
  }

  @Test func aMissingOrForeignShardIsRefused() {
    let learners = [Fixtures.ada, Fixtures.bob].map(\.learner)
    #expect {
      try ShardFile.merge([("a", file(1, of: 2, [Fixtures.ada], learners: learners))])
    } throws: { "\($0)".contains("missing 2/2") }
    #expect {
      try ShardFile.merge([
        ("a", file(1, of: 2, [Fixtures.ada], learners: learners)),
        ("b", file(1, of: 2, [Fixtures.ada], learners: learners)),
      ])
    } throws: { "\($0)".contains("given twice: 1/2") }
    #expect {
      try ShardFile.merge([
        ("a", file(1, of: 2, [Fixtures.ada], learners: learners)),
        ("b", file(2, of: 2, [Fixtures.bob], learners: ["someone else"])),
      ])
    } throws: { "\($0)".contains("another class") }
  }

  /// A shard killed part-way leaves a folder with no shard file: merge names the shard, every
  /// learner it holds, and how to grade it again, and writes no gradebook.
  @Test func aShardStoppedPartWayIsNamedWithEveryLearnerItHolds() {
    let learners = (1...7).map { "learner-\($0)" }
    #expect {
      try ShardFile.merge(
        [
          ("out-1", file(1, of: 3, [], learners: learners)),
          ("out-3", file(3, of: 3, [], learners: learners)),
        ], unfinished: ["out-2"])
    } throws: { error in
      let message = "\(error)"
      return message.contains("missing 2/3 (out-2 is missing or holds no finished shard")
        && message.contains("The gradebook is not complete, so nothing was written.")
        && message.contains(
          "Shard 2/3 holds 2 learners with no grade yet: learner-2, learner-5.")
        && message.contains("--shard I/N")
    }
  }
}

@Suite struct ClassFolderTests {
  @Test func entriesThatAreNotLearnersAreListedInANote() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("class-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let manager = FileManager.default
    for learner in ["x y", "x_y"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent("\(learner)/Exercises"),
        withIntermediateDirectories: true)
    }
    try manager.createDirectory(
      at: folder.appendingPathComponent(".git/objects"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: folder.appendingPathComponent("handouts"), withIntermediateDirectories: true)
    try Data("names".utf8).write(to: folder.appendingPathComponent("roster.txt"))
    try manager.createSymbolicLink(
      at: folder.appendingPathComponent("link"),
      withDestinationURL: folder.appendingPathComponent("x y"))
    let found = try Submission.scan(at: folder, exerciseIDs: ["01-first"])
    #expect(found.learners.map(\.learner) == ["x y", "x_y"])
    #expect(
      found.note
        == "not graded, not learners' folders: .git (hidden), handouts (no Exercises/ folder), "
        + "link (a symbolic link, not followed), roster.txt (a file).")
  }
}
