import Foundation
import Testing

@testable import ExerciseEngine

@Suite struct BuildPlanTests {
  /// The shape of SwiftPM's llbuild manifest, cut down: a compile, a phony grouping, a link.
  static let manifest = """
    client:
      name: basic
    tools: {}
    targets:
      "main": ["<A.module>"]
    nodes:
      "/p/Sources/A/":
        is-directory-structure: true
    commands:
      "/b/A.build/sources":
        tool: write-auxiliary-file
        inputs: ["<sources-file-list>","/p/Sources/A/a.swift"]
        outputs: ["/b/A.build/sources"]
        description: "Write auxiliary file /b/A.build/sources"

      "<A.module>":
        tool: phony
        inputs: ["/b/A.build/a.swift.o","/b/Modules/A.swiftmodule"]
        outputs: ["<A.module>"]

      "C.T.test":
        tool: shell
        inputs: ["/b/A.build/a.swift.o"]
        outputs: ["/b/T.xctest"]
        description: "Linking /b/T.xctest"
        args: ["/usr/bin/swiftc","-o","/b/T.xctest","-Xlinker","-rpath=$ORIGIN","-emit-executable"]

      "C.A.module":
        tool: shell
        inputs: ["/p/Sources/A/a.swift","/b/A.build/sources"]
        outputs: ["/b/A.build/a.swift.o","/b/Modules/A.swiftmodule"]
        description: "Compiling Swift Module 'A' (1 sources)"
        args: ["/usr/bin/swiftc","-module-name","A","-parseable-output","-c","@/b/A.build/sources"]

    """

  @Test func readsEveryCommandWithItsToolInputsOutputsAndArguments() throws {
    let plan = try #require(BuildPlan.parse(Self.manifest))
    #expect(
      plan.commands.map(\.name) == ["/b/A.build/sources", "<A.module>", "C.T.test", "C.A.module"])
    let compile = try #require(plan.commands.last)
    #expect(compile.tool == "shell")
    #expect(compile.description == "Compiling Swift Module 'A' (1 sources)")
    #expect(compile.inputs == ["/p/Sources/A/a.swift", "/b/A.build/sources"])
    #expect(compile.arguments.contains("-parseable-output"))
    #expect(plan.commands[2].arguments.contains("-rpath=$ORIGIN"))
  }

  @Test func ordersEachCommandAfterTheCommandsThatWriteItsInputs() throws {
    let plan = try #require(BuildPlan.parse(Self.manifest))
    let names = try #require(plan.inOrder).map(\.name)
    let position = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    #expect(try #require(position["/b/A.build/sources"]) < #require(position["C.A.module"]))
    #expect(try #require(position["C.A.module"]) < #require(position["C.T.test"]))
    #expect(try #require(position["C.A.module"]) < #require(position["<A.module>"]))
  }

  @Test func aCycleHasNoOrder() {
    let plan = BuildPlan(commands: [
      .init(name: "a", tool: "shell", inputs: ["y"], outputs: ["x"]),
      .init(name: "b", tool: "shell", inputs: ["x"], outputs: ["y"]),
    ])
    #expect(plan.inOrder == nil)
  }

  @Test(arguments: [
    "",
    "commands:\n  \"C.A\":\n    tool: shell\n    inputs: [not json]\n",
    "commands:\n  \"C.A\":\n    inputs: []\n",
    "commands:\n  unquoted:\n    tool: shell\n",
  ])
  func aManifestOfAnotherShapeIsNotRead(_ text: String) {
    #expect(BuildPlan.parse(text) == nil)
  }

  @Test func linkCommandLinesAreSplitAsAShellWould() {
    #expect(
      LinkJobs.words(of: #"/x/clang -o 'a b' -Xlinker '-rpath=$ORIGIN' "q\"d" e\ f"#)
        == ["/x/clang", "-o", "a b", "-Xlinker", "-rpath=$ORIGIN", "q\"d", "e f"])
    #expect(LinkJobs.words(of: "/x/clang 'open") == nil)
    #expect(LinkJobs.isLink(["swiftc", "-emit-executable"]))
    #expect(!LinkJobs.isLink(["swiftc", "-c", "a.swift"]))
  }
}
