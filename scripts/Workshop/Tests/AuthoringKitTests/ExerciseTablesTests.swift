import AuthoringKit
import Foundation
import Testing

@Suite struct ExerciseTablesTests {
  func workspace() throws -> AuthoringWorkspace {
    try AuthoringWorkspace(
      entries: [AuthoringWorkspace.entry("01-first"), AuthoringWorkspace.entry("02-coming")],
      withManifests: ["01-first"], decoys: 4)
  }

  @Test func theWorkspaceTableCountsPointsTestsAndDecoyFolders() throws {
    let table = try ExerciseTables(layout: workspace().layout).table(.workspace)
    #expect(
      table == """
        | id | title | reimplements | articles | points |
        |---|---|---|---|---|
        | `01-first` | Title of 01-first | A; B | [Quick start](https://example.com/quickstart); \
        [Other](https://example.com/other) | 5 (2 tests, 4 decoys) |
        | `02-coming` | Title of 02-coming | A; B | [Quick start](https://example.com/quickstart); \
        [Other](https://example.com/other) | coming |
        """)
  }

  @Test func theLearnersTableShowsTheSummaries() throws {
    let table = try ExerciseTables(layout: workspace().layout).table(.learners)
    #expect(
      table == """
        | exercise | what you rebuild |
        |---|---|
        | `01-first` | summary of `01-first` \\| piped |
        | `02-coming` | summary of `02-coming` \\| piped |
        """)
  }

  @Test func onlyTheTextBetweenTheMarkersIsRewritten() throws {
    let workspace = try workspace()
    let document = """
      # Map

      <!-- exercises-table:begin learners -->
      | exercise | what you rebuild |
      | `01-first` | out of date |
      <!-- exercises-table:end -->

      Text after.
      """
    try workspace.write(document, "Workspace.md")
    try workspace.write("# No table here\n", "README.md")
    let tables = ExerciseTables(layout: workspace.layout)
    #expect(try tables.drift() == ["Workspace.md"])
    #expect(try tables.write() == ["Workspace.md"])
    #expect(try tables.drift() == [])
    #expect(try tables.write() == [], "an up-to-date file is not rewritten")
    let written = try workspace.read("Workspace.md")
    #expect(written.hasPrefix("# Map\n\n<!-- exercises-table:begin learners -->\n| exercise |"))
    #expect(written.hasSuffix("piped |\n<!-- exercises-table:end -->\n\nText after."))
    #expect(try workspace.read("README.md") == "# No table here\n")
  }

  @Test func aDecoyFolderAddedOrRemovedIsDrift() throws {
    let workspace = try workspace()
    try workspace.write(
      "<!-- exercises-table:begin workspace -->\n<!-- exercises-table:end -->\n", "Workspace.md")
    let tables = ExerciseTables(layout: workspace.layout)
    try tables.write()
    #expect(try tables.drift() == [])
    try workspace.write("// one more\n", "Tests/01-first/Decoys/decoy-9/M/M.swift")
    #expect(try tables.drift() == ["Workspace.md"])
    try tables.write()
    #expect(try workspace.read("Workspace.md").contains("5 (2 tests, 5 decoys)"))
  }

  @Test func badMarkersSayWhatToWrite() throws {
    let workspace = try workspace()
    try workspace.write("<!-- exercises-table:begin everything -->\n", "Workspace.md")
    #expect {
      try ExerciseTables(layout: workspace.layout).drift()
    } throws: { "\($0)".contains("names no table; use <!-- exercises-table:begin workspace -->") }
    try workspace.write("<!-- exercises-table:begin workspace -->\n| old |\n", "Workspace.md")
    #expect {
      try ExerciseTables(layout: workspace.layout).drift()
    } throws: { "\($0)".contains("has no <!-- exercises-table:end --> after it") }
  }

  @Test func theCheckCommandNamesEachDriftedFileAndHowToFixIt() throws {
    let workspace = try workspace()
    let stale = "<!-- exercises-table:begin learners -->\nold\n<!-- exercises-table:end -->\n"
    try workspace.write(stale, "Workspace.md")
    try workspace.write(stale, "Exercises/README.md")
    let check = try ExercisesCommand.parse(["tables", "--check"], root: workspace.root)
    #expect(try check.run() == 1)
    #expect(try ExerciseTables(layout: workspace.layout).drift().count == 2)
    #expect(try ExercisesCommand.parse(["tables"], root: workspace.root).run() == 0)
    #expect(try check.run() == 0)
  }
}
