import CommandLineLayer
import Foundation
import Testing

/// A small tool, declared as the workspace's tools are: a default command with an optional
/// argument, a command with arguments and an option of its own, and options for every command.
private struct Demo: Equatable {
  enum Color: String, CaseIterable, Sendable { case red, green }

  var command = "default"
  var arguments: [String] = []
  var tags: [String] = []
  var jobs = 1
  var color = Color.red
  var output: URL?
  var quiet = false
  var title: String?
  var help = false

  static let tool = CommandLineTool<Demo>(
    name: "demo", invocation: "scripts/demo", about: "Does demo things.",
    commands: [
      Subcommand(nil, arguments: .optional("FOLDER", help: "where to start", default: "here")) {
        $0.arguments = $1
      },
      Subcommand(
        "new", arguments: .one("ID"),
        options: [
          .value("--title", "TITLE", as: .text, help: "the new thing's title") { $0.title = $1 }
        ],
        abstract: "make a new thing"
      ) {
        $0.command = "new"
        $0.arguments = $1
      },
      Subcommand("merge", arguments: .oneOrMore("PART"), abstract: "merge the parts") {
        $0.command = "merge"
        $0.arguments = $1
      },
    ],
    options: [
      .repeatable("-t", "--tag", "TAGS", as: .commaSeparated(.text), help: "tags") {
        $0.tags += $1
      },
      .value("-j", "--jobs", "N", as: .number(1...8), default: "1", help: "how many at once") {
        $0.jobs = $1
      },
      .value("--color", "COLOR", as: .choice(Color.self), help: "the color") { $0.color = $1 },
      .value("-o", "--output", "DIR", as: .path, help: "where things go") { $0.output = $1 },
      .flag("-q", "--quiet", help: "say less") { $0.quiet = true },
    ],
    epilogue: "Examples:\n  scripts/demo new 01"
  ) { $0.help = true }

  static func parse(_ arguments: [String]) throws(UsageError) -> Demo {
    try tool.parse(arguments, into: Demo())
  }
}

@Suite struct CommandLineToolTests {
  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try Demo.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func optionsStandAnywhereAndCommandsSetTheirArguments() throws {
    #expect(try Demo.parse([]) == Demo())
    #expect(try Demo.parse(["folder"]).arguments == ["folder"])
    let new = try Demo.parse(["new", "-q", "--title", "A title", "01", "-j", "3"])
    #expect(new.command == "new" && new.arguments == ["01"] && new.title == "A title")
    #expect(new.quiet && new.jobs == 3)
    #expect(try Demo.parse(["--color", "green"]).color == .green)
    #expect(try Demo.parse(["-o", "out"]).output?.lastPathComponent == "out")
    #expect(try Demo.parse(["merge", "a", "b"]).arguments == ["a", "b"])
  }

  @Test func repeatedAndCommaSeparatedValues() throws {
    #expect(try Demo.parse(["-t", "a, b,", "--tag", "c", "-t", "a"]).tags == ["a", "b", "c", "a"])
    // A value option given twice keeps the last value.
    #expect(try Demo.parse(["-j", "2", "--jobs", "5"]).jobs == 5)
    #expect(usageError(["-j", "2", "-j", "x"])?.contains("-j takes a whole number") == true)
  }

  @Test func everyUsageErrorStartsWithTheToolAndPointsToTheHelp() {
    let errors: [([String], String)] = [
      (["--frobnicate"], "unknown option '--frobnicate'"),
      (["-j"], "-j needs a value: -j N"),
      (["-j", "-q"], "-j needs a value: -j N"),
      (["--jobs", "x"], "--jobs takes a whole number from 1 to 8, not 'x'"),
      (["-j", "0"], "-j takes a whole number from 1 to 8, not '0'"),
      (["-j", "-1"], "-j takes a whole number from 1 to 8, not '-1'"),
      (["--color", "blue"], "--color takes red or green, not 'blue'"),
      (["a", "b"], "scripts/demo takes one FOLDER, not 2 ('a' 'b')"),
      (["new"], "new needs ID: scripts/demo new ID"),
      (["new", "1", "2"], "new takes one ID, not 2 ('1' '2')"),
      (["merge"], "merge needs PART: scripts/demo merge PART…"),
      (
        ["merge", "a", "--title", "x"],
        "merge does not take --title; it goes with scripts/demo new ID"
      ),
      (["--title", "x"], "scripts/demo does not take --title; it goes with scripts/demo new ID"),
    ]
    for (arguments, message) in errors {
      #expect(
        usageError(arguments) == "demo: \(message); see scripts/demo --help",
        "\(arguments)")
    }
  }

  @Test func onlyTheFirstArgumentNamesACommandWhenTheDefaultTakesArguments() throws {
    let folder = try Demo.parse(["-q", "new"])
    #expect(folder.command == "default" && folder.arguments == ["new"])
  }

  @Test func aToolWithoutADefaultCommandNamesItsCommands() {
    let tool = CommandLineTool<Demo>(
      name: "bare", invocation: "scripts/bare",
      commands: [
        Subcommand("one") { command, _ in command.command = "one" },
        Subcommand("two") { command, _ in command.command = "two" },
      ],
      options: []
    ) { $0.help = true }
    #expect(
      throws: UsageError(tool: "bare", "name a command: one and two; see scripts/bare --help")
    ) {
      try tool.parse([], into: Demo())
    }
    #expect(
      throws: UsageError(
        tool: "bare",
        "unknown command 'three'; the commands are one and two; see scripts/bare --help")
    ) {
      try tool.parse(["three"], into: Demo())
    }
  }

  @Test func helpAnywhereWinsOverEverythingElse() throws {
    #expect(try Demo.parse(["--help"]) == Demo(help: true))
    #expect(try Demo.parse(["new", "-h"]) == Demo(help: true))
    #expect(try Demo.parse(["merge", "--frobnicate", "--help"]) == Demo(help: true))
  }

  @Test func theHelpComesFromTheDeclaration() {
    let expected = """
      usage: scripts/demo [command] [arguments] [options]

      Does demo things.

      Commands:
        new ID               make a new thing
              --title TITLE  the new thing's title
        merge PART…          merge the parts

      Arguments:
        FOLDER               where to start (default: here)

      Options:
        -t, --tag TAGS       tags (repeatable)
        -j, --jobs N         how many at once (default: 1)
            --color COLOR    the color
        -o, --output DIR     where things go
        -q, --quiet          say less
        -h, --help           this text

      Examples:
        scripts/demo new 01
      """
    #expect(Demo.tool.help == expected)
  }

  @Test func longExplanationsWrapInTheirColumn() {
    let tool = CommandLineTool<Demo>(
      name: "wide", invocation: "scripts/wide", commands: [Subcommand(nil) { _, _ in }],
      options: [
        .value(
          "--a-rather-long-option", "VALUE", as: .text,
          help: String(repeating: "word ", count: 30)
        ) { _, _ in }
      ]
    ) { $0.help = true }
    let lines = tool.help.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("      --a-rather-long-option VALUE"))
    #expect(lines.allSatisfy { $0.count <= 90 })
    #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 23) + "word word") })
  }

  @Test func mainReturnsTwoForAUsageErrorAndOneForAnyOtherError() {
    struct Broken: Error {}
    #expect(Demo.tool.main { 7 } == 7)
    #expect(Demo.tool.main { throw Demo.tool.usageError("bad") } == 2)
    #expect(Demo.tool.main { throw Broken() } == 1)
  }
}
