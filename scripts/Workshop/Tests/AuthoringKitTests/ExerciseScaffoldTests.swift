import AuthoringKit
import ExerciseModel
import Foundation
import Testing

@Suite struct ExerciseScaffoldTests {
  func workspace() throws -> AuthoringWorkspace {
    try AuthoringWorkspace(
      entries: [AuthoringWorkspace.entry("01-first")], withManifests: ["01-first"])
  }

  @Test func newWritesTheThreePlacesAndTheCatalogue() throws {
    let workspace = try workspace()
    let before = try workspace.read(Catalogue.path)
    let scaffold = try ExerciseScaffold(
      id: "02-try-it", title: "Try it", layout: workspace.layout)
    #expect(scaffold.module == "TryIt")
    let written = try scaffold.create()
    #expect(
      written == [
        "Solutions/02-try-it/Sources/TryIt/Greeting.swift",
        "Tests/02-try-it/TryItTests/TryItLessonTests.swift",
        "Tests/02-try-it/exercise.json",
        "Exercises/catalogue.json",
        "Exercises/02-try-it/ (generated)",
        "Exercises/02-try-it/README.md",
      ])
    for path in [
      "Exercises/02-try-it/Package.swift", "Exercises/02-try-it/Sources/TryIt/Greeting.swift",
      "Exercises/02-try-it/Tests/TryItTests/TryItLessonTests.swift",
    ] {
      #expect(workspace.exists(path), "\(path)")
    }
    // The catalogue gains the exercise at its end, and nothing else changes.
    let after = try workspace.read(Catalogue.path)
    #expect(after.hasPrefix(String(before.dropLast("    }\n  ]\n}\n".count))))
    let catalogue = try workspace.layout.catalogue()
    #expect(catalogue.entries.map(\.id) == ["01-first", "02-try-it"])
    #expect(catalogue.entries[1].steps == ["Step 1: the greeting names who it greets"])
    // The manifest is format 2 and loads; the starter is the #else side; nothing has drifted.
    let manifest = try workspace.layout.manifest("02-try-it")
    #expect(manifest.title == "Try it")
    #expect(manifest.hints.map(\.step) == [1])
    let starter = try workspace.read("Exercises/02-try-it/Sources/TryIt/Greeting.swift")
    #expect(starter.contains("return \"\"") && !starter.contains("Hello, \\(name)!"))
    let tests = try workspace.read("Exercises/02-try-it/Tests/TryItTests/TryItLessonTests.swift")
    #expect(tests.contains(#"@Suite("Step 1: the greeting names who it greets")"#))
    #expect(try ExerciseWriter(layout: workspace.layout).drift("02-try-it") == [])
    #expect(scaffold.toDo.contains("scripts/exercises signatures 02-try-it"))
    #expect(scaffold.toDo.contains("scripts/exercises check 02-try-it"))
    // …and the check refuses it until the author has written the rest.
    let refusal = try ExerciseReadiness(layout: workspace.layout).refusal("02-try-it")
    #expect(
      refusal
        == "02-try-it is not ready: the lesson links no public page (an https:// URL); the "
        + "lesson still has placeholder text (TODO); placeholder text (TODO) left in the "
        + "catalogue entry, the solution or its tests and the manifest's hints; the "
        + "catalogue lists no article for it "
        + "(`articles`); no decoys (at least 3); one hint only for step 1 (a step's hints are "
        + "a ladder: a nudge about the idea first, the near-answer last)")
  }

  @Test func theCommandStartsTheExerciseAndRefusesASecondStart() throws {
    let workspace = try workspace()
    let arguments = ["new", "02-try-it", "--title", "Try it", "--module", "Trial"]
    #expect(try ExercisesCommand.parse(arguments, root: workspace.root).run() == 0)
    #expect(try workspace.layout.manifest("02-try-it").module == "Trial")
    #expect {
      try ExercisesCommand.parse(arguments, root: workspace.root).run()
    } throws: { "\($0)".contains("02-try-it is already in Exercises/catalogue.json") }
    #expect {
      try ExercisesCommand.parse(["new", "--title", "T"], root: workspace.root).run()
    } throws: { "\($0)".contains("new needs ID: scripts/exercises new ID") }
  }

  @Test func aModuleMayBeGiven() throws {
    let scaffold = try ExerciseScaffold(
      id: "02-try-it", title: "Try it", module: "Trial", layout: workspace().layout)
    #expect(scaffold.module == "Trial")
  }

  @Test(arguments: [
    ("2-short", "is not an exercise id: write NN-kebab-name"),
    ("02-Upper", "is not an exercise id"),
    ("02_snake_case", "is not an exercise id"),
    ("01-first", "01-first is already in Exercises/catalogue.json: pick another id."),
    ("01-other", "the number 01 is taken by 01-first: pick the next free number."),
  ])
  func badOrUsedIDsAreRefused(id: String, message: String) throws {
    let workspace = try workspace()
    #expect {
      try ExerciseScaffold(id: id, title: "T", layout: workspace.layout)
    } throws: { "\($0)".contains(message) }
  }

  @Test func aMissingTitleOrBadModuleIsRefused() throws {
    let layout = try workspace().layout
    for title in [nil, "  "] {
      #expect {
        try ExerciseScaffold(id: "02-try-it", title: title, layout: layout)
      } throws: {
        "\($0)"
          == "a new exercise needs a title: scripts/exercises new 02-try-it --title \"What it teaches\"."
      }
    }
    #expect {
      try ExerciseScaffold(id: "02-try-it", title: "T", module: "lower", layout: layout)
    } throws: { "\($0)".contains("\"lower\" is not a module name") }
    #expect {
      try ExerciseScaffold(id: "02-first", title: "T", module: "First", layout: layout)
    } throws: {
      "\($0)".contains("the number 02") == false && "\($0)".contains("01-first's already")
    }
  }

  @Test func nothingThatExistsIsOverwritten() throws {
    let workspace = try workspace()
    try workspace.write("mine\n", "Solutions/02-try-it/Notes.txt")
    let catalogue = try workspace.read(Catalogue.path)
    #expect {
      try ExerciseScaffold(id: "02-try-it", title: "T", layout: workspace.layout).create()
    } throws: {
      "\($0)".contains("02-try-it already exists (Solutions/02-try-it): nothing was written")
    }
    #expect(try workspace.read("Solutions/02-try-it/Notes.txt") == "mine\n")
    #expect(try workspace.read(Catalogue.path) == catalogue)
    #expect(!workspace.exists("Tests/02-try-it"))
  }
}
