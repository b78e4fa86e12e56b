import Foundation
import Testing

@testable import ExerciseEngine

/// `CompilerOutput.errors(in:module:package:)`: what a learner is shown of a failed build.
@Suite struct MacroExpansionErrorTests {
  @Test func anErrorInsideAMacroNamesTheFileTheMacroIsWrittenIn() throws {
    let package = URL(fileURLWithPath: "/work/pkg")
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("macro-error-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    try Data(
      """
      macro expansion #expect:1:22: error: errors thrown from here are not handled
      `- /work/pkg/Tests/ShelfTests/PreviewTests.swift:71:5: note: expanded code originates here
      69 |   let x = { () -> Void in
      70 |     #expect(try f() == 1)

      """.utf8
    ).write(to: log)
    let errors = CompilerOutput.errors(in: log, module: "Shelf", package: package)
    #expect(
      errors.contains(
        "Tests/ShelfTests/PreviewTests.swift:71:5: error: (in #expect) errors thrown from here "
          + "are not handled"), "\(errors)")
  }
}
