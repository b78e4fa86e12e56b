import Foundation
import Testing

@testable import ExerciseModel
@testable import Mutation

@Suite struct MutantSchemataTests {
  static let solution = """
    func classify(_ n: Int, _ flag: Bool, _ pair: (Int, Int), _ name: String?) -> String {
      #if SOLUTION
        var parts: [String] = ["start"]
        if n < 10 && !flag { parts.append("small") }
        if pair <= (1, 2) || name == nil { parts.append("early") }
        parts.append("next \\(n + 1)")
        return parts.joined(separator: ",")
      #else
        return ""
      #endif
    }

    final class Box {
      var items: [UInt8] = []
      func fill(_ n: UInt8) {
        #if SOLUTION
          items.append(n)
          var more = n
          more &+= 250
          items.append(more)
        #endif
      }
    }

    struct Layer {
      var values: [String: Int]
      func merging(_ other: Layer) -> Layer { Layer(values: values.merging(other.values) { $1 }) }
      var described: String { values.keys.sorted().map { "\\($0)=\\(values[$0]!)" }.joined() }
    }

    enum Scope {
      @TaskLocal static var name = "none"
    }

    func tally(_ values: [Int], _ top: Layer, _ bottom: Layer, _ fallback: Int?) -> String {
      #if SOLUTION
        var digits: [Int] = [9]
        for value in values { digits.append(value) }
        let layer = bottom.merging(top)
        let inside = Scope.$name.withValue("set") { Scope.name }
        let first = digits.first
        let chosen = fallback ?? 7
        let stars = String(repeating: "*", count: 3)
        return [
          String(describing: digits), String(describing: first), layer.described, String(chosen),
          inside, stars,
        ].joined(separator: " ")
      #else
        return ""
      #endif
    }
    """

  static let main = """
    print(classify(3, false, (1, 2), "a"))
    print(classify(12, true, (2, 0), nil))
    print(classify(10, false, (3, 3), "b"))
    print(classify(12, true, (2, 0), "c"))
    print(classify(12, true, (1, 3), "d"))
    let box = Box()
    box.fill(9)
    box.fill(1)
    print(box.items)
    print(tally([1, 2], Layer(values: ["k": 1, "t": 3]), Layer(values: ["k": 2]), 5))
    print(tally([], Layer(values: [:]), Layer(values: ["k": 2]), nil))
    """

  func sources() throws -> [MutationFile] {
    [
      try MutationFile(
        path: "Classify.swift", solutionText: Self.solution, file: "Classify.swift")
    ]
  }

  @Test func theSchemataOfALiteralAndAStatementReadAsPlannedOnTheSameLine() throws {
    let sources = try sources()
    let mutants = MutantFinder.mutants(in: sources[0])
    let numbered = mutants.enumerated().map { (number: $0.offset + 1, mutant: $0.element) }
    let module = MutantSchemata.module(sources, numbered: numbered)
    let text = String(decoding: module.files["Classify.swift"]!, as: UTF8.self)
    // Every change stays on its line: compiler errors name the mutants on their line.
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false).count
        == sources[0].text.split(separator: "\n", omittingEmptySubsequences: false).count)
    let removal = try #require(numbered.first { $0.mutant.before == "items.append(n)" })
    let early = try #require(numbered.first { $0.mutant.mutationOperator == .voidEarlyReturn })
    #expect(
      text.contains(
        "if WorkshopMutantSwitch.active == \(early.number) { return }; "
          + "if WorkshopMutantSwitch.active != \(removal.number) { "
          + "(WorkshopMutantSwitch.active == \(removal.number + 2) ? (items.insert(n, at: 0)) : "
          + "items.append(n)) }"))
    let loop = try #require(numbered.first { $0.mutant.mutationOperator == .loopOnce })
    #expect(text.contains("; if WorkshopMutantSwitch.active == \(loop.number) { break } }"))
    #expect(text.contains("workshopMutantValue(250, "))
    #expect(module.files[MutantSchemata.fileName] != nil)
  }

  /// Compiles the schemata once and runs the program with each mutant active, and compiles two
  /// mutants alone: with no mutant the program is the solution, every mutant changes what it
  /// prints, and a mutant alone prints what its schema prints.
  @Test func oneBuildRunsEveryMutantAsIfBuiltAlone() throws {
    let sources = try sources()
    let mutants = MutantFinder.mutants(in: sources[0])
    let numbered = mutants.enumerated().map { (number: $0.offset + 1, mutant: $0.element) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("schemata-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }

    let schemata = try compile(
      MutantSchemata.module(sources, numbered: numbered), in: folder, "all")
    let solution = try run(schemata, mutant: 0)
    #expect(
      solution
        == "start,small,early,next 4\nstart,early,next 13\nstart,next 11\nstart,next 13\n"
        + "start,next 13\n[9, 3, 1, 251]\n[9, 1, 2] Optional(9) k=1t=3 5 set ***\n"
        + "[9] Optional(9) k=2 7 set ***\n")
    for (number, mutant) in numbered {
      #expect(
        try run(schemata, mutant: number) != solution,
        "mutant \(number), \(mutant.after), printed what the solution prints")
    }
    // A mutant of each kind of edit, built alone.
    var kinds: [String: (number: Int, mutant: Mutant)] = [:]
    for entry in numbered {
      let kind = "\(entry.mutant.edit)".prefix { $0 != "(" }
      kinds[String(kind)] = kinds[String(kind)] ?? entry
    }
    #expect(kinds.count == 5)
    for (number, mutant) in kinds.values.sorted(by: { $0.number < $1.number }) {
      let alone = try compile(MutantSchemata.single(mutant, in: sources), in: folder, "\(number)")
      #expect(try run(alone, mutant: 0) == (try run(schemata, mutant: number)))
    }
  }

  @Test func siteSuffixesAreOperatorCharactersOnly() {
    #expect(MutantSchemata.siteSuffix(120) == "⊖⊗⊕")
  }

  // MARK: - Helpers

  private func compile(_ module: SourceTree, in folder: URL, _ name: String) throws -> URL {
    let directory = folder.appendingPathComponent(name)
    try module.overlaid(with: SourceTree(files: ["main.swift": Data(Self.main.utf8)]))
      .write(to: directory)
    let files = module.files.keys.sorted().map { directory.appendingPathComponent($0).path }
    let binary = directory.appendingPathComponent("program")
    let output = try launch(
      ["swiftc", "-swift-version", "6", "-o", binary.path]
        + files + [directory.appendingPathComponent("main.swift").path], environment: [:])
    #expect(output.status == 0, "swiftc failed:\n\(output.text)")
    return binary
  }

  private func run(_ binary: URL, mutant: Int) throws -> String {
    try launch([binary.path], environment: [MutantSchemata.variable: "\(mutant)"]).text
  }

  private func launch(_ command: [String], environment: [String: String]) throws
    -> (status: Int32, text: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
