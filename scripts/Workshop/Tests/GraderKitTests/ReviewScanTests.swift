import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import GraderKit

@Suite struct ReviewScanTests {
  func flags(_ source: String) -> [ReviewFlag] {
    ReviewScan.scan(SourceTree(files: ["A.swift": Data(source.utf8)]))
  }

  @Test func whatAnAttackNeedsIsFlaggedWithItsLine() {
    let source = """
      import Foundation
      public func double(_ value: Int) -> Int {
        let path = CommandLine.arguments.last!
        let handle = FileHandle(forWritingAtPath: path)
        _ = dlsym(nil, "exit")
        kill(getppid(), SIGTERM)
        exit(0)
      }
      @_silgen_name("swift_retain") func retain()
      let p = Process()

      """
    let found = flags(source)
    #expect(
      found.map { "\($0.line) \($0.reason)" } == [
        "3 command-line arguments", "4 file or socket I/O", "5 loading code at run time",
        "6 signals", "7 process exit", "9 binding to a symbol by name", "10 starting processes",
      ])
    #expect(found.first?.code == "let path = CommandLine.arguments.last!")
    #expect(found.first?.summary == "A.swift:3 (command-line arguments)")
  }

  @Test func whatTheExercisesOwnSolutionDoesIsNotFlagged() {
    let solution = SourceTree(files: ["Client.swift": Data("let s = URLSession.shared\n".utf8)])
    let learner = SourceTree(
      files: ["Client.swift": Data("let s = URLSession.shared\nexit(0)\n".utf8)])
    #expect(ReviewScan.scan(learner, except: solution).map(\.reason) == ["process exit"])
  }

  @Test func commentsAreNotCode() {
    let source = """
      // exit(0) would end the tests
      /* CommandLine.arguments
         /* nested: dlopen */ still a comment: Process() */
      let url = "https://example.com" // FileManager
      let text = #"a // b"#; let n = 1

      """
    #expect(flags(source).isEmpty)
  }

  @Test func noSolutionOfThisWorkspaceIsFlagged() throws {
    let layout = WorkspaceLayout(root: FixtureWorkspace.repository)
    for id in try layout.exerciseIDs() {
      let sources = try ExerciseSources(id: id, layout: layout)
      // A feature that talks to a server (14's raffle) uses URLSession: that alone is allowed.
      let found = ReviewScan.scan(sources.solution.subtree(sources.manifest.module))
        .filter { !$0.code.contains("URLSession") }
      #expect(found.isEmpty, "\(id): \(found.map { "\($0.summary): \($0.code)" })")
      let starter = ReviewScan.scan(try sources.starterModule())
        .filter { !$0.code.contains("URLSession") }
      #expect(starter.isEmpty, "\(id) starter: \(starter.map(\.summary))")
    }
  }
}

@Suite struct LearnerFolderNameTests {
  @Test func namesThatLookAlikeGetTheirOwnReadableFolders() {
    let names = ["x y", "x_y", "x%20y", "zoë", ".hidden", "a/b", "Ada", "ada", "Bob"]
    let folders = LearnerFolderName.folders(for: names)
    #expect(
      folders == [
        "x%20y", "x_y", "x%2520y", "zo%C3%AB", "%2Ehidden", "a%2Fb", "%41da", "ada", "Bob",
      ])
    #expect(Set(folders.map { $0.lowercased() }).count == names.count)
    #expect(folders.map { LearnerFolderName.decode($0) } == names)
  }
}
