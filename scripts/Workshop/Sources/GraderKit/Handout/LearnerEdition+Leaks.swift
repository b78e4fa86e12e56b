import ExerciseModel
import Foundation

extension LearnerEdition {
  /// What the learner edition in `folder` holds of the instructor's side, one line each; empty
  /// when it holds nothing.
  ///
  /// Two checks. No file or folder of the instructor's side is there: `Solutions/`, decoys,
  /// weak suites, hidden test files, hidden mutants, signatures and mutation records. And no
  /// line of an answer is anywhere in it: every line (spaces around it aside) of the solution
  /// side of a region of `Solutions/<id>/` and of every hidden test file is looked for in every
  /// file of the edition. A line every starter or visible test has too is no leak anywhere
  /// (`}`, `import Dependencies`). Nor is a line of a file the edition copies as the workspace
  /// has it, found in that very place: the library in `Packages/` (which the first exercises
  /// rebuild, and every learner has), the tools in `scripts/` (the workspace's own, sharing only
  /// idiom with an answer: `let decoder = JSONDecoder()`), a lesson (which quotes the patterns
  /// it teaches) and a lesson mutant. Everything the edition makes from an exercise (its
  /// manifest, its starter, the README, the marker) may hold starter lines only.
  public func leaks(in folder: URL) throws -> [String] {
    var problems = try instructorPaths(in: folder)
    let (answers, given) = try answerLines()
    let manager = FileManager.default
    guard
      let walk = manager.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
    else { throw WorkshopError("cannot read the learner edition in \(folder.path).") }
    let base = folder.standardizedFileURL.path
    for case let url as URL in walk {
      if url.lastPathComponent == ".git" || url.lastPathComponent.hasPrefix(".build") {
        walk.skipDescendants()
        continue
      }
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
      guard values?.isRegularFile == true, values?.isSymbolicLink != true,
        let data = try? Data(contentsOf: url), !data.contains(0)
      else { continue }
      let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
      let lines = String(decoding: data, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        let words = line.trimmingCharacters(in: .whitespaces)
        guard let origin = answers[words],
          !given.contains(where: { path.hasPrefix($0.key) && $0.value.contains(words) })
        else { continue }
        problems.append("\(path):\(index + 1) has `\(words)`, a line of \(origin)")
      }
    }
    return problems
  }

  /// The paths in `folder` that only the instructor's workspace may hold.
  private func instructorPaths(in folder: URL) throws -> [String] {
    let edition = WorkspaceLayout(root: folder)
    var problems: [String] = []
    let manager = FileManager.default
    if manager.fileExists(atPath: edition.solutions.path) {
      problems.append("Solutions/ is there")
    }
    for id in try layout.exerciseIDs() {
      let manifest = try layout.manifest(id)
      let tests = SourceTree(
        files: (try SourceTree.read(edition.instructor(id))).files.filter { path, _ in
          !path.hasPrefix("Starter/")
        })
      for path in tests.files.keys.sorted() {
        let parts = path.split(separator: "/").map(String.init)
        let allowed: Bool
        switch parts.first {
        case "exercise.json": allowed = parts.count == 1
        case manifest.testModule:
          allowed = parts.count == 2 && manifest.visibleTestFiles.contains(parts[1])
        case "Mutants":
          allowed =
            parts.count > 2 && Self.shippedMutants(manifest).contains { $0.name == parts[1] }
        default: allowed = false
        }
        if !allowed { problems.append("Tests/\(id)/\(path) is the instructor's") }
      }
    }
    return problems
  }

  /// The lines of the answers, each with where it comes from, and the lines learners are given
  /// anyway, by the start of the paths where they are (`""`: anywhere).
  private func answerLines() throws -> (answers: [String: String], given: [String: Set<String>]) {
    var answers: [String: String] = [:]
    var given: [String: Set<String>] = [:]
    func words(_ line: some StringProtocol) -> String? {
      let words = line.trimmingCharacters(in: .whitespaces)
      // A line of punctuation alone (`}`, `})`) says nothing of an answer.
      return words.contains(where: { $0.isLetter || $0.isNumber }) ? words : nil
    }
    func give(_ tree: SourceTree, in place: String) {
      for (_, data) in tree.files {
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
          if let words = words(line) { given[place, default: []].insert(words) }
        }
      }
    }
    give(try SourceTree.read(layout.packages), in: "Packages/")
    for path in Self.scripts {
      let url = layout.root.appendingPathComponent("scripts/" + path)
      give(try SourceTree.read(url), in: "scripts/")
      give(SourceTree(files: ["": (try? Data(contentsOf: url)) ?? Data()]), in: "scripts/")
    }
    for id in try layout.exerciseIDs() {
      let sources = try ExerciseSources(id: id, layout: layout)
      let manifest = sources.manifest
      give(try sources.generatedExercise(), in: "")
      let lesson = layout.exercise(id).appendingPathComponent("README.md")
      give(
        SourceTree(files: ["README.md": (try? Data(contentsOf: lesson)) ?? Data()]),
        in: "Exercises/\(id)/README.md")
      for mutant in Self.shippedMutants(manifest) {
        let place = "Tests/\(id)/Mutants/\(mutant.name)/"
        give(
          try SourceTree.read(
            layout.instructor(id).appendingPathComponent("Mutants/\(mutant.name)")), in: place)
      }
      let solved = [
        ("Solutions/\(id)/Sources/", sources.solution),
        ("Solutions/\(id)/Tests/\(manifest.testModule)/", sources.referenceSuite),
      ]
      for (prefix, tree) in solved {
        for (path, data) in tree.files.sorted(by: { $0.key < $1.key })
        where path.hasSuffix(".swift") {
          let lines = try StarterRegions.solutionSideLines(
            of: String(decoding: data, as: UTF8.self), file: prefix + path)
          for line in lines where line.isLearnerCode {
            if let words = words(line.text) { answers[words] = answers[words] ?? prefix + path }
          }
        }
      }
      for (path, data) in sources.solutionTests.files.sorted(by: { $0.key < $1.key })
      where !manifest.visibleTestFiles.contains(path) {
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
          if let words = words(line) {
            answers[words] =
              answers[words] ?? "the hidden test file Tests/\(id)/\(manifest.testModule)/\(path)"
          }
        }
      }
    }
    return (answers, given)
  }
}
