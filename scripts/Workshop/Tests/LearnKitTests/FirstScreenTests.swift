import ExerciseModel
import Foundation
import Testing

/// What `scripts/learn` prints before anything is built (`first_screen` in
/// `scripts/lib/workshop.sh`), read from this workspace's own catalogue and lessons.
@Suite struct FirstScreenTests {
  /// The workspace this file belongs to.
  static let workspace = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func firstScreen(_ id: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "bash", "-c", "source scripts/lib/workshop.sh && first_screen \"$PWD\" \"$1\"", "bash", id,
    ]
    process.currentDirectoryURL = Self.workspace
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func theCourseTheExerciseAndItsFirstStepInTheLessonsWords() throws {
    let text = try firstScreen("13-testing-a-feature")
    let count = try WorkspaceLayout(root: Self.workspace).catalogue().entries.count
    #expect(text.hasPrefix("The course: \(count) exercises, from rebuilding the library"))
    #expect(text.contains("13-testing-a-feature · Testing a feature\n"))
    #expect(text.contains("\nStep 1: the welcome message waits ten seconds on the clock."))
    #expect(!text.contains("**"), "Markdown's bold marks are not shown: \(text)")
    #expect(text.contains("(the whole lesson: Exercises/13-testing-a-feature/README.md)"))
  }

  @Test func anUnknownExerciseShowsTheFirstOne() throws {
    let text = try firstScreen("99-nothing")
    let first = try #require(try WorkspaceLayout(root: Self.workspace).catalogue().entries.first)
    #expect(text.contains("\(first.id) · "))
  }
}
