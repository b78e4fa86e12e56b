import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

@Suite struct HTMLReportTests {
  /// The fixed class, with Dave's first exercise diagnosed.
  var reports: [GradeReport] {
    var dave = Fixtures.dave
    dave.exercises[0].diagnosis = Diagnosis(
      exerciseID: "01-hello", decoy: "no-comma", match: .exact,
      misunderstanding: "Forgets the <comma> & the \"quotes\".", lessonStep: "Step 2: commas")
    return [Fixtures.zoe, Fixtures.ada, dave, Fixtures.bob, Fixtures.carol]
  }

  func document(_ reports: [GradeReport]) throws -> HTMLDocument {
    try #require(HTMLDocument(HTMLReport.render(reports)), "report.html is not well-formed")
  }

  @Test func passRatesHardestFirst() throws {
    let section = try #require(try document(reports).exercise("01-hello"))
    let rows = section.all { $0.name == "tr" && $0["data-test"] != nil }
    // Five learners hand in 01: Dave fails greets() and the hidden secret().
    #expect(rows.map { $0["data-test"] } == ["Hello/secret()", "Hello/greets()", "Hello/named()"])
    #expect(rows.map { $0["data-passed"] } == ["0", "4", "5"])
    #expect(rows.map { $0["data-submitted"] } == ["5", "5", "5"])
    #expect(rows.map { $0["data-rate"] } == ["0", "80", "100"])
    #expect(rows[0].text.contains("hidden"))
    #expect(rows[1].text.contains("4 of 5") && rows[1].text.contains("80 %"))
  }

  @Test func theSecondExerciseCountsOnlyWhoHandedItIn() throws {
    let section = try #require(try document(reports).exercise("02-optionals"))
    #expect(section.text.contains("Handed in by 3 of 4 learners"))
    #expect(section.text.contains("1 did not compile"))
    #expect(section.text.contains("1 not handed in"))
    let bands = section.all { $0.name == "tr" && $0["data-band"] != nil }
    #expect(
      bands.map { "\($0["data-band"] ?? "")=\($0["data-learners"] ?? "")" } == [
        "0=2", "under 25 %=0", "25–49 %=0", "50–74 %=0", "75–99 %=0", "100 %=1",
        "not handed in=1",
      ])
    // Bob did not compile: his tests count as not passed.
    let unwraps = section.all { $0["data-test"] == "Optionals/unwraps()" }.first
    #expect(unwraps?["data-passed"] == "1" && unwraps?["data-submitted"] == "3")
  }

  @Test func misunderstandingsAreCountedAndEscaped() throws {
    let html = HTMLReport.render(reports)
    #expect(html.contains("Forgets the &lt;comma&gt; &amp; the &quot;quotes&quot;."))
    let section = try #require(try document(reports).exercise("01-hello"))
    let rows = section.all { $0.name == "tr" && $0["data-decoy"] != nil }
    #expect(rows.count == 1)
    #expect(rows.first?["data-decoy"] == "no-comma")
    #expect(rows.first?["data-learners"] == "1")
    #expect(rows.first?.text.contains("Step 2: commas") == true)
    #expect(rows.first?.text.contains("Dave") == true)
    let other = try #require(try document(reports).exercise("02-optionals"))
    #expect(other.text.contains("No learner's failing tests match a known misunderstanding."))
  }

  /// Three learners of 01 with two steps: one passes both, one only the first, one only the
  /// second (which the funnel does not count as getting that far).
  var steppedReports: [GradeReport] {
    func learner(_ name: String, _ first: Bool, _ second: Bool) -> GradeReport {
      var exercise = Fixtures.hello()
      exercise.steps = [
        StepProgress(
          number: 1, title: "Step 1: greet", passed: first ? 1 : 0, total: 1, started: true),
        StepProgress(
          number: 2, title: "Step 2: commas", passed: second ? 1 : 0, total: 1, started: true),
      ]
      return GradeReport(
        learner: name, submission: "/submissions/\(name)", gradedAt: Fixtures.gradedAt,
        exercises: [exercise])
    }
    return [learner("A", true, true), learner("B", true, false), learner("C", false, true)]
  }

  @Test func theStepFunnelCountsWhoGotHowFar() throws {
    let section = try #require(try document(steppedReports).exercise("01-hello"))
    let rows = section.all { $0.name == "tr" && $0["data-step"] != nil && $0["data-decoy"] == nil }
    #expect(rows.map { $0["data-step"] } == ["1", "2"])
    #expect(rows.map { $0["data-passed"] } == ["2", "2"])
    #expect(rows.map { $0["data-passed-so-far"] } == ["2", "1"])
    #expect(rows[1].text.contains("Step 2: commas"))
    let funnel = try #require(
      section.all { $0.name == "svg" && $0["class"] == "chart funnel" }.first)
    #expect(funnel["aria-label"]?.contains("Step 1: 2, Step 2: 1") == true)
    // Each learner's progress in the learner table: the next step, the sentence as a tooltip.
    let next = try document(steppedReports).root.all { $0.name == "span" && $0["class"] == "step" }
    #expect(next.map { $0["data-next-step"] } == ["", "2", "1"])
    #expect(next.map(\.text) == ["every step", "next: Step 2", "next: Step 1"])
    #expect(next[1]["title"] == "Step 1 passes; next: Step 2: commas.")
  }

  @Test func misunderstandingsAreListedByStep() throws {
    var reports = steppedReports
    let diagnoses = [("late", "Step 2: commas"), ("early", "Step 1: greet"), ("none", nil)]
    for (index, (decoy, step)) in diagnoses.enumerated() {
      reports[index].exercises[0].diagnosis = Diagnosis(
        exerciseID: "01-hello", decoy: decoy, match: .exact, misunderstanding: decoy,
        lessonStep: step)
    }
    let section = try #require(try document(reports).exercise("01-hello"))
    let rows = section.all { $0.name == "tr" && $0["data-decoy"] != nil }
    #expect(rows.map { $0["data-decoy"] } == ["early", "late", "none"])
    #expect(rows.map { $0["data-step"] } == ["1", "2", ""])
  }

  @Test func learnersToLookAt() throws {
    let section = try #require(try document(reports).exercise("02-optionals"))
    let rows = section.all { $0.name == "tr" && $0["data-kind"] != nil }
    #expect(
      rows.map { "\($0["data-learner"] ?? "") \($0["data-kind"] ?? "")" } == [
        "Bob compile error", "Bob review", "Dave crashed", "Dave timed out",
      ])
    #expect(rows[0].text.contains("Opt.swift:3:5: error: cannot find 'x' in scope"))
    #expect(!rows[0].text.contains("/home/grader"))
  }

  @Test func aCrashShowsWhatTheTestProcessPrinted() throws {
    var dave = Fixtures.dave
    let index = try #require(dave.exercises.firstIndex { $0.id == "02-optionals" })
    dave.exercises[index].tests[0].message =
      "The test process printed: Fatal error: <b>boom</b> (Optionals/Opt.swift:3)\n\n"
      + "The test process stopped with signal 4 (SIGILL)."
    let section = try #require(try document([dave]).exercise("02-optionals"))
    let row = try #require(section.all { $0.name == "tr" && $0["data-kind"] == "crashed" }.first)
    #expect(
      row.text.contains(
        "Optionals/unwraps() · The test process printed: Fatal error: <b>boom</b> "
          + "(Optionals/Opt.swift:3)"), "\(row.text)")
    #expect(!row.text.contains("SIGILL"))
    #expect(section.all { $0.name == "b" }.isEmpty)
  }

  @Test func theLearnerTableAndTheTitle() throws {
    let document = try document(reports)
    let learners = document.root.all { $0.name == "tr" && $0["data-learner"] != nil }
      .filter { $0["data-max-points"] != nil }
    // Sorted by name as in the gradebook, whatever the order of the reports.
    #expect(
      learners.map { $0["data-learner"] } == [
        "=Zoe\u{301}, \"Z\" Müller", "Ada Lovelace", "Bob", "carol", "Dave",
      ])
    let daveDecoy = learners.last?.all("li").first
    #expect(daveDecoy?["data-decoy"] == "no-comma")
    #expect(daveDecoy?["title"] == "Forgets the <comma> & the \"quotes\".")
    #expect(document.root.all("title").first?.text == "Class report: 5 learners")
    let one = try self.document([Fixtures.dave])
    #expect(one.root.all("title").first?.text == "Grading report for Dave")
  }

  @Test func selfContainedAndReadableWithoutScripts() {
    let html = HTMLReport.render(reports)
    for forbidden in ["<script", "<link", "<img", "<iframe", "src=", "@import", "url(", "https://"]
    {
      #expect(!html.contains(forbidden), "\(forbidden)")
    }
    // The only address is SVG's namespace name, which is never fetched.
    let addresses = html.components(separatedBy: "http://").count - 1
    #expect(addresses == html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
    #expect(html.contains("<svg"))
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
  }

  @Test func deterministicApartFromTheTime() {
    #expect(HTMLReport.render(reports) == HTMLReport.render(reports.reversed()))
    var later = reports
    for index in later.indices { later[index].gradedAt = Date(timeIntervalSince1970: 0) }
    let lines = zip(
      HTMLReport.render(reports).split(separator: "\n"),
      HTMLReport.render(later).split(separator: "\n")
    ).filter { $0 != $1 }
    #expect(lines.count == 1)
    #expect(lines.first?.0.contains("graded at") == true)
  }

  @Test func anEmptyGrading() throws {
    let document = try #require(HTMLDocument(HTMLReport.render([])))
    #expect(document.root.text.contains("There were no exercises to grade."))
  }
}
