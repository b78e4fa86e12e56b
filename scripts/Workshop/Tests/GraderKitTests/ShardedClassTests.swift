import Foundation
import Testing
import WorkshopFixtures

@testable import GraderKit

/// A class graded in one run, and in three shards merged, through the command line.
@Suite struct ShardedClassTests {
  static let learners = ["ada", "x y", "x_y", "starter"]

  /// Four learners on the small exercise: two correct ones whose names differ only by a space
  /// and an underscore.
  static func writeClass() throws -> URL {
    let folder = FixtureWorkspace.base.appendingPathComponent("sharded-class")
    try? FileManager.default.removeItem(at: folder)
    for learner in learners {
      let module = folder.appendingPathComponent(
        "\(learner)/Exercises/\(FixtureWorkspace.otherID)/Sources/Other")
      try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
      let source =
        learner == "starter"
        ? "public func triple(_ value: Int) -> Int { 0 }\n" : FixtureClass.correctOther
      try Data(source.utf8).write(to: module.appendingPathComponent("Other.swift"))
    }
    try Data("roster".utf8).write(to: folder.appendingPathComponent("roster.txt"))
    return folder
  }

  func grade(_ arguments: [String]) throws -> Int32 {
    // The class suite's build folder: the library is already built there.
    try GradeCommand.parse(
      arguments + ["-q", "--no-color", "--build-folder", FixtureWorkspace.work.path],
      root: FixtureWorkspace.root
    ).run()
  }

  /// Every report file below `folder` by relative path, with its timestamps blanked.
  func reports(in folder: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(path)
      guard !path.hasSuffix(ShardFile.fileName), !isRealDirectory(url) else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      result[path] = text.replacingOccurrences(
        of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"#, with: "<time>",
        options: .regularExpression)
    }
    return result
  }

  @Test func threeShardsMergedGiveTheReportsOfOneRun() async throws {
    // The fixture workspace is written by the class suite; wait for it to be graded.
    _ = try await gradedClass.value
    let folder = try Self.writeClass()
    let output = FixtureWorkspace.base.appendingPathComponent("sharded-output")
    try? FileManager.default.removeItem(at: output)
    let single = output.appendingPathComponent("single")
    #expect(try grade([folder.path, "-e", "02", "-o", single.path]) == 0)
    var shards: [String] = []
    for index in 1...3 {
      let shard = output.appendingPathComponent("shard-\(index)").path
      shards.append(shard)
      #expect(try grade([folder.path, "-e", "02", "--shard", "\(index)/3", "-o", shard]) == 0)
    }
    let merged = output.appendingPathComponent("merged")
    #expect(try grade(["merge"] + shards.reversed() + ["-o", merged.path]) == 0)

    let one = try reports(in: single)
    #expect(one == (try reports(in: merged)))
    #expect(
      try Data(contentsOf: single.appendingPathComponent("gradebook.csv"))
        == Data(contentsOf: merged.appendingPathComponent("gradebook.csv")))
    #expect(one["x%20y/results.json"]?.contains(#""learner" : "x y""#) == true)
    #expect(one["x_y/results.json"]?.contains(#""learner" : "x_y""#) == true)
    let csv = try #require(one["gradebook.csv"])
    #expect(csv.contains("x y,5,") && csv.contains("x_y,5,") && csv.contains("starter,0,"))
  }
}
