import ExerciseModel
import Foundation
import Testing

@Suite struct ExerciseManifestTests {
  static let valid = """
    {
      "format": 2,
      "id": "01-sample",
      "timeLimitSeconds": 60, "visibleTestFiles": ["A.swift"],
      "tests": [{ "id": "Suite/test()", "points": 2, "hint": "Look here." }],
      "hints": ["about everything", { "step": 2, "text": "about step 2" }, "three"],
      "decoys": [
        { "name": "a", "misunderstanding": "m" }, { "name": "b", "misunderstanding": "n" },
        { "name": "c", "misunderstanding": "o" }
      ]
    }
    """

  static let entry = Catalogue.Entry(
    id: "01-sample", title: "Sample", module: "Sample", reimplements: ["x"],
    articles: [.init(title: "Article", url: "https://example.com/article")],
    steps: ["Step 1: one", "Step 2: two"])

  func write(_ json: String, id: String = "01-sample") throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("manifest-\(UUID().uuidString)/\(id)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("exercise.json")
    try Data(json.utf8).write(to: url)
    return url
  }

  func load(_ json: String, id: String = "01-sample") throws -> ExerciseManifest {
    try ExerciseManifest.load(from: write(json, id: id), entry: Self.entry)
  }

  @Test func loadsAValidManifestWithItsCatalogueEntry() throws {
    let manifest = try load(Self.valid)
    #expect(manifest.title == "Sample")
    #expect(manifest.module == "Sample")
    #expect(manifest.testModule == "SampleTests")
    #expect(manifest.maximumPoints == 2)
    #expect(manifest.executables == [])
    #expect(
      manifest.articles == [.init(title: "Article", url: "https://example.com/article")])
  }

  @Test func hintsAreStringsOrObjectsNamingTheirStep() throws {
    let manifest = try load(Self.valid)
    #expect(manifest.hints.map(\.step) == [nil, 2, nil])
    #expect(manifest.hintTexts == ["about everything", "about step 2", "three"])

    let unknownStep = Self.valid.replacingOccurrences(of: #""step": 2"#, with: #""step": 5"#)
    #expect {
      try load(unknownStep)
    } throws: {
      "\($0)".contains("hint 2 names step 5, but Exercises/catalogue.json lists steps 1 to 2")
    }

    let notAHint = Self.valid.replacingOccurrences(of: #""three""#, with: "3")
    #expect {
      try load(notAHint)
    } throws: { "\($0)".contains("a hint is a string, or an object") }
  }

  @Test func aDecoyMayNameTheLessonStepToReread() throws {
    let named = Self.valid.replacingOccurrences(
      of: #"{ "name": "a", "misunderstanding": "m" }"#,
      with: #"{ "name": "a", "misunderstanding": "m", "lessonStep": "Step 2: scopes" }"#)
    let manifest = try load(named)
    #expect(manifest.decoys.map(\.lessonStep) == ["Step 2: scopes", nil, nil])
    let empty = named.replacingOccurrences(of: "Step 2: scopes", with: " ")
    #expect {
      try load(empty)
    } throws: { "\($0)".contains("decoy \"a\" has an empty `lessonStep`") }
  }

  @Test func aFolderThatDoesNotMatchTheIDIsNamed() throws {
    #expect {
      try load(Self.valid, id: "02-other")
    } throws: { "\($0)".contains("`id` is \"01-sample\" but the folder is \"02-other\"") }
  }

  @Test func missingKeysAndBadValuesSayWhatToFix() throws {
    #expect {
      try load(#"{ "format": 2, "id": "01-sample" }"#)
    } throws: { "\($0)".contains("the key `timeLimitSeconds` is missing") }

    let bad = Self.valid
      .replacingOccurrences(of: #""points": 2"#, with: #""points": 0"#)
      .replacingOccurrences(of: #""three""#, with: #"" ""#)
    #expect {
      try load(bad)
    } throws: { error in
      let text = "\(error)"
      return text.contains("must be worth at least 1 point") && text.contains("hint 3 is empty")
    }
  }

  @Test func aManifestWithoutItsFormatOrOfAnotherFormatIsRefused() throws {
    let formatOne = """
      { "id": "01-sample", "title": "Sample", "module": "Sample", "reimplements": [],
        "articles": [], "timeLimitSeconds": 60, "visibleTestFiles": ["A.swift"], "tests": [],
        "hints": [], "decoys": [] }
      """
    let url = try write(formatOne)
    #expect {
      try ExerciseManifest.load(from: url, entry: Self.entry)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(url.path) && text.contains("the manifest has no \"format\"")
        && text.contains("this tool reads format 2")
        && text.contains("to the exercise's entry in Exercises/catalogue.json")
    }

    let formatThree = Self.valid.replacingOccurrences(of: #""format": 2"#, with: #""format": 3"#)
    #expect {
      try load(formatThree)
    } throws: { error in
      let text = "\(error)"
      return text.contains("exercise.json: the manifest is format 3")
        && text.contains("this tool reads format 2 only")
    }
  }

  @Test func catalogueKeysLeftInTheManifestAreNamed() throws {
    let stray = Self.valid.replacingOccurrences(
      of: #""id": "01-sample","#, with: #""id": "01-sample", "title": "Old","#)
    #expect {
      try load(stray)
    } throws: {
      "\($0)".contains("`title` belongs in the exercise's entry in Exercises/catalogue.json now")
    }
  }
}
