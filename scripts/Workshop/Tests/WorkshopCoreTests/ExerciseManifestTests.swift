import Foundation
import Testing
import WorkshopCore

@Suite struct ExerciseManifestTests {
  static let valid = """
    {
      "id": "01-sample", "title": "Sample", "module": "Sample", "reimplements": ["x"],
      "articles": [{ "title": "Article", "url": "https://example.com/article" }],
      "timeLimitSeconds": 60, "visibleTestFiles": ["A.swift"],
      "tests": [{ "id": "Suite/test()", "points": 2, "hint": "Look here." }],
      "hints": ["one", "two", "three"],
      "decoys": [
        { "name": "a", "misunderstanding": "m" }, { "name": "b", "misunderstanding": "n" },
        { "name": "c", "misunderstanding": "o" }
      ]
    }
    """

  func write(_ json: String, id: String = "01-sample") throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("manifest-\(UUID().uuidString)/\(id)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("exercise.json")
    try Data(json.utf8).write(to: url)
    return url
  }

  @Test func loadsAValidManifest() throws {
    let manifest = try ExerciseManifest.load(from: write(Self.valid))
    #expect(manifest.module == "Sample")
    #expect(manifest.testModule == "SampleTests")
    #expect(manifest.maximumPoints == 2)
    #expect(manifest.executables == [])
    #expect(
      manifest.articles == [.init(title: "Article", url: "https://example.com/article")])
  }

  @Test func aDecoyMayNameTheLessonStepToReread() throws {
    let named = Self.valid.replacingOccurrences(
      of: #"{ "name": "a", "misunderstanding": "m" }"#,
      with: #"{ "name": "a", "misunderstanding": "m", "lessonStep": "Step 2: scopes" }"#)
    let manifest = try ExerciseManifest.load(from: write(named))
    #expect(manifest.decoys.map(\.lessonStep) == ["Step 2: scopes", nil, nil])
    let empty = named.replacingOccurrences(of: "Step 2: scopes", with: " ")
    #expect {
      try ExerciseManifest.load(from: write(empty))
    } throws: { "\($0)".contains("decoy \"a\" has an empty `lessonStep`") }
  }

  @Test func aFolderThatDoesNotMatchTheIDIsNamed() throws {
    let url = try write(Self.valid, id: "02-other")
    #expect {
      try ExerciseManifest.load(from: url)
    } throws: { "\($0)".contains("`id` is \"01-sample\" but the folder is \"02-other\"") }
  }

  @Test func missingKeysAndBadValuesSayWhatToFix() throws {
    let missing = try write(#"{ "id": "01-sample" }"#)
    #expect {
      try ExerciseManifest.load(from: missing)
    } throws: { "\($0)".contains("the key `title` is missing") }

    let bad = Self.valid
      .replacingOccurrences(of: #""points": 2"#, with: #""points": 0"#)
      .replacingOccurrences(of: #""hints": ["one", "two", "three"]"#, with: #""hints": []"#)
      .replacingOccurrences(of: "https://example.com/article", with: "seeds/article.txt")
    #expect {
      try ExerciseManifest.load(from: write(bad))
    } throws: { error in
      let text = "\(error)"
      return text.contains("must be worth at least 1 point")
        && text.contains("exactly three non-empty hints")
        && text.contains("must be a public https:// address")
    }
  }
}
