import AuthoringKit
import Foundation
import GraderKit
import LearnKit

// The workspace's tools. `scripts/grade` runs `workshop grade …`; `scripts/learn` runs
// `workshop learn …`; `scripts/exercises` runs `workshop exercises …`. Each tool prints its own
// usage errors (exit status 2) and other errors (exit status 1), prefixed with its name.

var arguments = Array(CommandLine.arguments.dropFirst())
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
// `--root DIR` comes first from the wrapper scripts.
if arguments.count >= 2, arguments[0] == "--root" {
  root = URL(fileURLWithPath: arguments[1])
  arguments.removeFirst(2)
}
let tool = arguments.first
arguments = Array(arguments.dropFirst())

switch tool {
case "grade":
  exit(GradeCommand.commandLine.main { try GradeCommand.parse(arguments, root: root).run() })
case "learn":
  exit(
    LearnCommand.commandLine.main {
      try LearnCommand.parse(arguments, root: root).run(io: .standard)
    })
case "exercises":
  exit(
    ExercisesCommand.commandLine.main { try ExercisesCommand.parse(arguments, root: root).run() })
default:
  FileHandle.standardError.write(
    Data(
      ("workshop: unknown tool '\(tool ?? "")'; the tools are grade, learn and exercises "
        + "(workshop grade --help, workshop learn --help, workshop exercises --help)\n").utf8))
  exit(2)
}
