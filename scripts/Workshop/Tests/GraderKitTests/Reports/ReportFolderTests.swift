import Foundation
import Testing

@testable import GraderKit

@Suite struct ReportFolderTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("reports-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  let command = GradeCommand(root: URL(fileURLWithPath: "/workspace"))

  /// A submission once made `junit.xml` a folder in the output folder: the whole run stopped
  /// with a raw Cocoa error and no gradebook.
  @Test func aFolderInTheWayIsReportedAndTheOtherReportsAreWritten() throws {
    let output = try folder()
    defer { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent("junit.xml/inside"), withIntermediateDirectories: true)
    let outcome = try command.writeReports(
      [Fixtures.ada, Fixtures.bob], exerciseIDs: ["01-hello", "02-optionals"], to: output)
    #expect(outcome.problems.count == 1)
    let problem = try #require(outcome.problems.first)
    #expect(problem.path.hasSuffix("/junit.xml"))
    #expect(problem.description.contains("a folder is in the way. Remove it (rm -r"))
    // Two learners' feedback.md and results.json, gradebook.csv and report.html.
    #expect(outcome.written.count == 6)
    #expect(
      FileManager.default.fileExists(atPath: output.appendingPathComponent("gradebook.csv").path))
    #expect(
      FileManager.default.fileExists(
        atPath: output.appendingPathComponent("Ada%20Lovelace/results.json").path))
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: output.deletingLastPathComponent().path
    ).filter { $0.hasPrefix(".\(output.lastPathComponent).incoming") }
    #expect(leftovers.isEmpty, "the staging folder is removed")
  }

  @Test func aSymbolicLinkWhereALearnersFolderGoesIsNotFollowed() throws {
    let output = try folder()
    let elsewhere = try folder()
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    try FileManager.default.createSymbolicLink(
      at: output.appendingPathComponent("Bob"), withDestinationURL: elsewhere)
    try Data("old".utf8).write(to: output.appendingPathComponent("gradebook.csv"))
    let outcome = try command.writeReports([Fixtures.bob], exerciseIDs: ["01-hello"], to: output)
    #expect(outcome.problems.count == 2)
    #expect(outcome.problems.allSatisfy { $0.reason.contains("is a symbolic link") })
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    let csv = try String(
      contentsOf: output.appendingPathComponent("gradebook.csv"), encoding: .utf8)
    #expect(csv.hasPrefix("learner,01-hello"), "an old report is replaced")
  }
}
