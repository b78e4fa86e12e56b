import ExerciseEngine
import ExerciseModel
import Foundation
import GraderKit

/// What the class's reports are held to: each decoy's learner told its misunderstanding, nobody
/// else anything, and every partial learner's next step and words right.
extension DecoyClass {
  /// What the reports and the test outcomes (by `learner/exercise`) of the partial `learners`
  /// get wrong, and how many failing tests were checked.
  func partialProblems(
    _ learners: [Learner], outcomes: [String: [String: TestRunner.Outcome]]
  ) throws -> (checked: Int, problems: [String]) {
    var problems: [String] = []
    var checked = 0
    var cache: [String: (ExerciseSources, StepIndex)] = [:]
    for learner in learners {
      guard let (id, done) = learner.partial else { continue }
      if cache[id] == nil {
        let sources = try ExerciseSources(id: id, layout: layout)
        cache[id] = (sources, StepIndex(sources: sources))
      }
      let (sources, testSteps) = cache[id]!
      let manifest = sources.manifest
      let ids = manifest.tests.map(\.id)
      let rules = MessageRules(
        completedSteps: try sources.completedSteps(doneSteps: done),
        stepsOfTest: Dictionary(
          uniqueKeysWithValues: ids.map { ($0, testSteps.lessonStep(of: $0)?.numbers ?? []) }))
      let expected = rules.expectedNextStep(stepCount: manifest.steps.count)
      let who = "\(learner.name) (steps 1–\(done) done)"
      let folder = reportsFolder.appendingPathComponent(slug(learner.name))
      let json = try? JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("results.json")))
      let exercise = ((json as? [String: Any])?["exercises"] as? [[String: Any]])?
        .first { $0["id"] as? String == id }
      guard let exercise else {
        problems.append("\(who): results.json is missing or has no \(id)")
        continue
      }
      if let diagnosis = exercise["diagnosis"] as? [String: Any] {
        problems.append(
          "\(who) was told the misunderstanding \"\(diagnosis["decoy"] as? String ?? "?")\", "
            + "but their code is the solution's up to step \(done) and the starter's after it")
      }
      let next = exercise["next_step"] as? Int
      if next != expected {
        problems.append(
          "\(who): next_step is \(next.map(String.init) ?? "null"), but the first step whose "
            + "tests their code cannot pass is \(expected.map(String.init) ?? "none")")
      }
      let feedback =
        (try? String(contentsOf: folder.appendingPathComponent("feedback.md"), encoding: .utf8))
        ?? ""
      if let expected, !feedback.contains("ext: Step \(expected)") {
        problems.append("\(who): feedback.md does not name Step \(expected) as the next step")
      }
      guard let tested = outcomes["\(learner.name)/\(id)"] else {
        problems.append("\(who): \(id) did not build, so no test ran")
        continue
      }
      checked += ids.filter { tested[$0].map { $0.status != .passed } ?? false }.count
      problems += rules.problems(tested, testIDs: ids).map { "\(who): \($0)" }
    }
    return (checked, problems)
  }

  /// What the written reports get wrong about `learners`: each decoy's learner must be told its
  /// decoy's misunderstanding, and nobody else anything.
  func problems(learners: [Learner], exerciseIDs: [String]) throws -> [String] {
    var problems: [String] = []
    let manifests = try Dictionary(
      uniqueKeysWithValues: exerciseIDs.map { ($0, try layout.manifest($0)) })
    for learner in learners {
      let folder = reportsFolder.appendingPathComponent(slug(learner.name))
      let json = try? JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("results.json")))
      let feedback =
        (try? String(
          contentsOf: folder.appendingPathComponent("feedback.md"), encoding: .utf8)) ?? ""
      guard let results = json as? [String: Any],
        let exercises = results["exercises"] as? [[String: Any]]
      else {
        problems.append("\(learner.name): results.json is missing or unreadable")
        continue
      }
      for exercise in exercises {
        let id = exercise["id"] as? String ?? "?"
        let diagnosis = exercise["diagnosis"] as? [String: Any]
        let named = diagnosis?["decoy"] as? String
        guard let decoy = learner.decoy, decoy.exercise == id else {
          // (A partial learner's diagnosis is reported by `partialProblems`, with its steps.)
          if let named, learner.partial == nil {
            problems.append(
              "\(learner.name): \(id) was diagnosed with \"\(named)\", but this learner models "
                + "no misunderstanding of \(id)")
          }
          continue
        }
        guard named == decoy.name else {
          problems.append(
            "\(learner.name): \(id) should be diagnosed with \"\(decoy.name)\" but got "
              + (named.map { "\"\($0)\"" } ?? "none") + "; "
              + (try explain(exercise, decoy: decoy.name, testCount: manifests[id]?.tests.count)))
          continue
        }
        let misunderstanding =
          manifests[id]?.decoys.first { $0.name == decoy.name }?.misunderstanding ?? ""
        let shown = MarkdownText.paragraph(misunderstanding)
        if !feedback.contains("**Likely misunderstanding.**") || !feedback.contains(shown) {
          problems.append(
            "\(learner.name): feedback.md does not name the misunderstanding of \(decoy.name)")
        }
      }
    }
    let html =
      (try? String(contentsOf: reportsFolder.appendingPathComponent("report.html"), encoding: .utf8))
      ?? ""
    if html.isEmpty { problems.append("report.html is missing") }
    for id in exerciseIDs {
      let decoys = learners.compactMap(\.decoy).filter { $0.exercise == id }
      guard !decoys.isEmpty, !html.isEmpty else { continue }
      let section = HTMLReport.anchor(id)
      guard let start = html.range(of: "id=\"\(section)\"") else {
        problems.append("report.html has no section for \(id)")
        continue
      }
      let rest = html[start.upperBound...]
      let text = rest.range(of: "</section>").map { String(rest[..<$0.lowerBound]) } ?? ""
      for decoy in decoys
      where !text.contains("data-decoy=\(HTMLText.attribute(decoy.name)) data-learners=\"1\"") {
        problems.append("report.html does not count one learner for \(id)'s \(decoy.name)")
      }
    }
    return problems
  }

  /// Why a decoy's learner, whose `exercise` is read from `results.json`, was not told the
  /// decoy's misunderstanding, as far as the reports and the signatures file say: what the
  /// learner's tests did, and how that differs from the decoy's recorded signature.
  func explain(_ exercise: [String: Any], decoy: String, testCount: Int?) throws -> String {
    let id = exercise["id"] as? String ?? "?"
    let file = "Tests/\(id)/\(DecoySignatures.fileName)"
    let grading = exercise["grading_status"] as? String ?? "?"
    guard grading == "graded" else {
      return "its exercise was not graded (\(grading)), so no diagnosis was possible"
    }
    let tests = (exercise["tests"] as? [[String: Any]]) ?? []
    let got = FailureSignature(
      tests.compactMap { test in
        guard let name = test["name"] as? String,
          let status = (test["outcome"] as? String).flatMap(TestStatus.init(rawValue:))
        else { return nil }
        return (id: name, status: status)
      })
    let learner = "its learner's tests: \(got)"
    guard let recorded = try DecoySignatures.load(for: id, in: layout)?.decoys[decoy] else {
      return
        "\(learner); \(file) holds no signature for it: run \(DecoySignatures.command(for: id))"
    }
    if let testCount, recorded.failing.count >= testCount {
      return "\(learner); the decoy fails every test, like the starter, so no rule can tell it "
        + "apart: make it a wrong implementation that passes some tests"
    }
    if got != recorded {
      return "\(learner); \(file) records \(recorded): the grader's run differs from the "
        + "checks' (a test that crashes, hangs or fails only sometimes?), or the file is out of "
        + "date (\(DecoySignatures.command(for: id)))"
    }
    return "\(learner), exactly as \(file) records, yet it was not named: the fault is in the "
      + "grader's diagnosis (DiagnosisRule, Diagnoser)"
  }
}
