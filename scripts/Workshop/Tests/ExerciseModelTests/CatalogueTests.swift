import ExerciseModel
import Foundation
import Testing

@Suite struct CatalogueTests {
  static let entry = Catalogue.Entry(
    id: "01-sample", title: "A \"quoted\" sample", module: "Sample", kind: .sources,
    subject: "a subject", summary: "what you rebuild, with `code`",
    reimplements: ["One", "Two → three"],
    articles: [.init(title: "Article", url: "https://example.com/a/b")],
    steps: ["Step 1: one", "Step 2: two"])

  func workspace(_ text: String?) throws -> WorkspaceLayout {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalogue-\(UUID().uuidString)")
    let layout = WorkspaceLayout(root: root)
    try FileManager.default.createDirectory(at: layout.exercises, withIntermediateDirectories: true)
    if let text { try Data(text.utf8).write(to: layout.catalogueURL) }
    return layout
  }

  @Test func whatIsWrittenReadsBackTheSame() throws {
    let other = Catalogue.Entry(id: "02-tests-kind", title: "T", module: "T", kind: .tests)
    let catalogue = Catalogue(entries: [Self.entry, other])
    let text = CatalogueJSON.render(catalogue)
    let layout = try workspace(text)
    let read = try layout.catalogue()
    #expect(read == catalogue)
    #expect(read.position(of: "02-tests-kind") == 1)
    #expect(read.entry("02-tests-kind")?.kind == .tests)
    #expect(read.entry("03-none") == nil)
    #expect(
      text.hasPrefix("{\n  \"format\": 1,\n  \"exercises\": [\n    {\n      \"id\": \"01-sample\",")
    )
    #expect(text.contains(#"{ "title": "Article", "url": "https://example.com/a/b" }"#))
    #expect(text.contains(#""title": "A \"quoted\" sample""#))
    #expect(text.contains(#""reimplements": []"#))
    #expect(text.hasSuffix("  ]\n}\n"))
  }

  @Test func everyKindIsAccepted() throws {
    for kind in Catalogue.Kind.allCases {
      var entry = Self.entry
      entry.kind = kind
      let layout = try workspace(CatalogueJSON.render(Catalogue(entries: [entry])))
      #expect(try layout.catalogue().entries[0].kind == kind)
    }
    let unknown = CatalogueJSON.render(Catalogue(entries: [Self.entry]))
      .replacingOccurrences(of: #""kind": "sources""#, with: #""kind": "quiz""#)
    #expect {
      try workspace(unknown).catalogue()
    } throws: { "\($0)".contains(#"unknown kind "quiz"; use one of "sources", "tests", "both""#) }
  }

  @Test func aMissingFileSaysWhereItBelongsAndHowToGetItBack() throws {
    let layout = try workspace(nil)
    #expect {
      try layout.catalogue()
    } throws: { error in
      let text = "\(error)"
      return text.contains("catalogue.json: cannot read the catalogue of exercises")
        && text.contains("git checkout -- Exercises/catalogue.json")
    }
  }

  @Test func aFileThatIsNotACatalogueSaysWhatIsWrong() throws {
    #expect {
      try workspace("[1, 2]").catalogue()
    } throws: { "\($0)".contains("not a valid catalogue: it is not a JSON object") }
    #expect {
      try workspace(#"{ "exercises": [] }"#).catalogue()
    } throws: { "\($0)".contains(#"the catalogue has no "format"; this tool reads format 1"#) }
    #expect {
      try workspace(#"{ "format": 2, "exercises": [] }"#).catalogue()
    } throws: { "\($0)".contains("the catalogue is format 2, but this tool reads format 1 only") }
    #expect {
      try workspace(#"{ "format": 1, "exercises": [{ "id": "01-a" }] }"#).catalogue()
    } throws: { "\($0)".contains("the key `title` is missing in `exercises[0]`") }
  }

  @Test func badValuesAreListedOneByOne() throws {
    var bad = Self.entry
    bad.module = "lowercase"
    bad.articles = [.init(title: "", url: "seeds/x.txt")]
    bad.steps = ["Step 1: one", "two"]
    let text = CatalogueJSON.render(Catalogue(entries: [bad, bad]))
    #expect {
      try workspace(text).catalogue()
    } throws: { error in
      let text = "\(error)"
      return text.contains("the catalogue needs fixing")
        && text.contains("01-sample is listed twice")
        && text.contains("`module` \"lowercase\" must be an UpperCamelCase Swift module name")
        && text.contains("has an empty `title`")
        && text.contains("must be a public https:// address")
        && text.contains("step 2 is \"two\"; write it \"Step 2: …\"")
    }
  }

  @Test func aManifestTheCatalogueDoesNotListIsNamed() throws {
    let layout = try workspace(CatalogueJSON.render(Catalogue(entries: [])))
    let folder = layout.instructor("01-sample")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: layout.manifestURL("01-sample"))
    #expect {
      try layout.manifest("01-sample")
    } throws: { "\($0)".contains("does not list it: add its entry there") }
  }
}
