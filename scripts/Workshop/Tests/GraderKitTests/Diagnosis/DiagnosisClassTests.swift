import ExerciseEngine
import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import GraderKit

/// The fixture class (``gradedClass``) holds one learner per decoy of the fixture exercise
/// beside a correct, a starter, a compile-error and the hostile learners: each decoy's learner,
/// and nobody else, must be told its decoy's misunderstanding.
@Suite struct DiagnosisClassTests {
  let doubles = "VisibleTests/doubles()"
  let greets = "VisibleTests/greets()"
  let negatives = "HiddenTests/doublesNegatives()"
  let many = "HiddenTests/doublesMany(value:)"

  @Test func signaturesAreWhatEachDecoyFails() async throws {
    let graded = try await gradedClass.value
    #expect(graded.signatures.exercise == FixtureWorkspace.fixtureID)
    #expect(graded.signatures.decoys == FixtureWorkspace.fixtureSignatures)
    let written = try DecoySignatures.load(
      for: FixtureWorkspace.fixtureID, in: WorkspaceLayout(root: FixtureWorkspace.root))
    #expect(written == graded.signatures)
  }

  @Test func eachDecoysLearnerGetsItsDiagnosis() async throws {
    let graded = try await gradedClass.value
    for decoy in FixtureWorkspace.fixtureDecoys {
      let exercise = try graded.exercise("decoy-\(decoy.name)")
      let diagnosis = try #require(exercise.diagnosis, "decoy-\(decoy.name) got no diagnosis")
      #expect(diagnosis.decoy == decoy.name)
      #expect(diagnosis.match == .exact)
      #expect(diagnosis.misunderstanding == decoy.misunderstanding)
      #expect(diagnosis.lesson == "Exercises/01-fixture/README.md")
    }
  }

  @Test func theLessonStepComesFromTheManifestElseFromTheVisibleTests() async throws {
    let graded = try await gradedClass.value
    // Named in the manifest.
    #expect(
      try graded.exercise("decoy-ignores-sign").diagnosis?.lessonStep == "Step 2: negative numbers")
    // Not named: the step of the first visible test the decoy fails.
    #expect(
      try graded.exercise("decoy-no-exclamation").diagnosis?.lessonStep
        == "Step 1: doubles and greets")
    // Only hidden tests fail: the lesson's steps in general.
    let hiddenOnly = try #require(try graded.exercise("decoy-adds-two").diagnosis)
    #expect(hiddenOnly.lessonStep == nil)
    #expect(hiddenOnly.reread.contains("Reread the steps of the lesson"))
  }

  @Test func nobodyElseGetsADiagnosis() async throws {
    let graded = try await gradedClass.value
    for (learner, report) in graded.reports {
      for exercise in report.exercises {
        if learner.hasPrefix("decoy-") && exercise.id == FixtureWorkspace.fixtureID { continue }
        #expect(
          exercise.diagnosis == nil,
          "\(learner) was told \(exercise.diagnosis?.decoy ?? "") in \(exercise.id)")
      }
    }
    // In particular: a correct, a starter and a compile-error submission; a crash or a
    // time-out whose failing test happens to be a decoy's whole signature, though that decoy
    // fails it without crashing (no-exclamation, ignores-sign); a time-out where a decoy
    // crashes (traps-on-negatives); and that decoy's crash with one failing test more.
    for learner in [
      "zoë correct", "starter", "compile-error", "fatal-error", "infinite-loop",
      "crashes-and-fails",
    ] {
      #expect(try graded.exercise(learner).diagnosis == nil, "\(learner)")
    }
    #expect(try graded.statuses("fatal-error")[greets] == .crashed)
    #expect(try graded.statuses("infinite-loop")[negatives] == .timedOut)
    #expect(
      try graded.statuses("crashes-and-fails")
        == [doubles: .passed, greets: .failed, negatives: .crashed, many: .passed])
  }

  @Test func aDecoyThatCrashesIsDiagnosedByItsCrash() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("decoy-traps-on-negatives")
        == [doubles: .passed, greets: .passed, negatives: .crashed, many: .passed])
    let diagnosis = try #require(try graded.exercise("decoy-traps-on-negatives").diagnosis)
    #expect(diagnosis.decoy == "traps-on-negatives" && diagnosis.match == .exact)
    // ignores-sign fails the same test without crashing: its learner is told ignores-sign.
    #expect(try graded.exercise("decoy-ignores-sign").diagnosis?.decoy == "ignores-sign")
    // Graded again, the crash gets the same diagnosis.
    let again = try #require(graded.regraded["decoy-traps-on-negatives"])
    #expect(again.exercises.first?.diagnosis == diagnosis)
  }

  @Test func anExerciseWithoutSignaturesIsGradedWithAWarning() async throws {
    let graded = try await gradedClass.value
    #expect(graded.warnings.count == 1)
    let warning = try #require(graded.warnings.first)
    #expect(warning.contains("Tests/02-other/signatures.json is missing"), "\(warning)")
    #expect(warning.contains("scripts/exercises signatures 02-other"), "\(warning)")
    #expect(try graded.exercise("zoë correct", FixtureWorkspace.otherID).points == 5)
  }

  @Test func feedbackAndResultsNameTheMisunderstandingAndNoHiddenSource() async throws {
    let graded = try await gradedClass.value
    let report = try #require(graded.reports["decoy-adds-two"])
    let markdown = MarkdownFeedback.render(report)
    #expect(markdown.contains("**Likely misunderstanding.** Your code fails exactly the tests"))
    #expect(markdown.contains("Adds two instead of multiplying by two."))
    #expect(markdown.contains("Exercises/01-fixture/README.md"))
    #expect(!markdown.contains("secretExpression"))
    #expect(!markdown.contains("HiddenTests.swift"))
    let json = try JSONSerialization.jsonObject(with: Data(try JSONResults.render(report).utf8))
    let exercises = try #require((json as? [String: Any])?["exercises"] as? [[String: Any]])
    let diagnosis = try #require(exercises.first?["diagnosis"] as? [String: Any])
    #expect(diagnosis["decoy"] as? String == "adds-two")
    #expect(diagnosis["match"] as? String == "exact")
    #expect(diagnosis["lesson_step"] is NSNull)
    #expect(exercises.last?["diagnosis"] is NSNull)
    let table = TerminalTable.render([report], color: false)
    #expect(table.contains("    likely     Adds two instead of multiplying by two. Reread"))
  }

  @Test func theClassReportHoldsThePassRatesHardestFirst() async throws {
    let graded = try await gradedClass.value
    let html = HTMLReport.render(Array(graded.reports.values))
    let document = try #require(HTMLDocument(html), "report.html is not well-formed")
    let section = try #require(document.exercise(FixtureWorkspace.fixtureID))
    let rows = section.all { $0.name == "tr" && $0["data-test"] != nil }
    // 25 learners handed the fixture exercise in (one did not); worked out learner by learner
    // in FixtureClass.learners. Of the seven hostile learners, three return 0 and "" (they
    // pass nothing: their forgeries are refused), three are correct apart from their tricks, and
    // one crashes in greets() only. Six of them have lines flagged for review: their grades are
    // held, and count in no figure until released (19 learners counted).
    let held = graded.reports.values.filter(\.isHeldForReview).map(\.learner).sorted()
    #expect(held.count == 6, "\(held)")
    let expected: [(String, String, String)] = [
      (negatives, "8", "42"), (greets, "10", "52"), (many, "12", "63"), (doubles, "13", "68"),
    ]
    #expect(rows.map { $0["data-test"] ?? "" } == expected.map(\.0))
    #expect(rows.map { $0["data-passed"] ?? "" } == expected.map(\.1))
    #expect(rows.map { $0["data-rate"] ?? "" } == expected.map(\.2))
    #expect(rows.allSatisfy { $0["data-submitted"] == "19" })
    #expect(rows.first?.text.contains("8 of 19") == true)
    #expect(rows.first?.text.contains("42 %") == true)
    #expect(html.contains("Held for review, and left out of every figure below"))

    let diagnoses = section.all { $0.name == "tr" && $0["data-decoy"] != nil }
    #expect(
      Set(diagnoses.map { $0["data-decoy"] ?? "" })
        == Set(FixtureWorkspace.fixtureDecoys.map(\.name)))
    #expect(diagnoses.allSatisfy { $0["data-learners"] == "1" })
    let addsTwo = try #require(diagnoses.first { $0["data-decoy"] == "adds-two" })
    #expect(addsTwo.text.contains("Adds two instead of multiplying by two."))
    #expect(addsTwo.text.contains("decoy-adds-two"))
    // A learner diagnosed by a crash counts like any other.
    let traps = try #require(diagnoses.first { $0["data-decoy"] == "traps-on-negatives" })
    #expect(traps.text.contains("decoy-traps-on-negatives"))

    let attention = section.all { $0.name == "tr" && $0["data-kind"] != nil }
      .map { "\($0["data-learner"] ?? "") \($0["data-kind"] ?? "")" }
    for entry in [
      "compile-error compile error", "not-utf8 compile error", "not-utf8 review",
      "fatal-error crashed", "deep-recursion crashed", "infinite-loop timed out",
      "symbolic-link review", "forges-results review", "leaves-processes review",
      "decoy-traps-on-negatives crashed", "crashes-and-fails crashed",
      "forges-a-fatal-line crashed",
    ] {
      #expect(attention.contains(entry), "\(entry) missing from \(attention)")
    }
    #expect(!attention.contains { $0.hasPrefix("zoë correct") })

    let other = try #require(document.exercise(FixtureWorkspace.otherID))
    #expect(
      other.all { $0["data-test"] == "TripleTests/triples()" }.first?["data-passed"] == "7")
  }
}
