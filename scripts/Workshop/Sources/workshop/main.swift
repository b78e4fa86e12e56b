import AuthoringKit
import Foundation
import GraderKit
import LearnKit

// The workspace's tools. `scripts/exercises` runs `workshop exercises …`; `scripts/grade` runs
// `workshop grade …`; `scripts/learn` runs `workshop learn …`.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("exercises: \(message)\n".utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
// `--root DIR` comes first from the wrapper scripts.
if arguments.count >= 2, arguments[0] == "--root" {
  root = URL(fileURLWithPath: arguments[1])
  arguments.removeFirst(2)
}

if arguments.first == "grade" {
  let gradeArguments = Array(arguments.dropFirst())
  if gradeArguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(GradeCommand.usage)
    exit(0)
  }
  do {
    let command = try GradeCommand.parse(gradeArguments, root: root)
    exit(try command.run())
  } catch let error as GradeCommand.UsageError {
    FileHandle.standardError.write(Data("grade: \(error)\n".utf8))
    exit(2)
  } catch {
    FileHandle.standardError.write(Data("grade: \(error)\n".utf8))
    exit(1)
  }
}

if arguments.first == "learn" {
  do {
    let command = try LearnCommand.parse(Array(arguments.dropFirst()), root: root)
    exit(command.run(io: .standard))
  } catch {
    FileHandle.standardError.write(Data("learn: \(error)\n".utf8))
    exit(2)
  }
}

guard arguments.first == "exercises" else {
  fail(
    "unknown tool; try: workshop exercises --help, workshop grade --help, or workshop learn --help")
}
do {
  let command = try ExercisesCommand.parse(Array(arguments.dropFirst()), root: root)
  exit(try command.run())
} catch {
  fail("\(error)")
}
