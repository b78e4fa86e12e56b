import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

struct JUnitReportTests {
  private func parse(_ xml: String) throws -> XMLElement {
    let document = try XMLDocument(data: Data(xml.utf8), options: [])
    return try #require(document.rootElement())
  }

  private func suites(_ root: XMLElement) -> [XMLElement] {
    root.elements(forName: "testsuite")
  }

  @Test func wellFormedWithRightCounts() throws {
    let xml = JUnitReport.render(Fixtures.all)
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
    let root = try parse(xml)
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "17")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    #expect(root.attribute(forName: "errors")?.stringValue == "5")
    #expect(root.attribute(forName: "skipped")?.stringValue == "0")

    let all = suites(root)
    #expect(all.count == 9)
    let names = all.compactMap { $0.attribute(forName: "name")?.stringValue }
    #expect(names.first == "Ada Lovelace.01-hello")
    #expect(names.last == "=Zoe\u{301}, \"Z\" Müller.01-hello")

    let dave = try #require(
      all.first { $0.attribute(forName: "name")?.stringValue == "Dave.01-hello" })
    #expect(dave.attribute(forName: "tests")?.stringValue == "3")
    #expect(dave.attribute(forName: "failures")?.stringValue == "2")
    #expect(dave.attribute(forName: "errors")?.stringValue == "0")
    #expect(dave.attribute(forName: "timestamp")?.stringValue == "2025-06-15T15:06:40Z")
    let cases = dave.elements(forName: "testcase")
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == [
        "Hello/greets()", "Hello/secret()", "Hello/named()",
      ])
    #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "Dave.01-hello" })

    let failure = try #require(cases[0].elements(forName: "failure").first)
    #expect(failure.stringValue == Fixtures.nastyMessage.replacing("\u{07}", with: ""))
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == "Expected <&> \"quoted\" 'single' | piped")
    #expect(
      cases[2].elements(forName: "failure").isEmpty && cases[2].elements(forName: "error").isEmpty)
  }

  @Test func errorsCarryTheirStatus() throws {
    let root = try parse(JUnitReport.render([Fixtures.dave, Fixtures.bob, Fixtures.carol]))
    let cases = suites(root).flatMap { $0.elements(forName: "testcase") }
    let types = cases.flatMap { $0.elements(forName: "error") }.compactMap {
      $0.attribute(forName: "type")?.stringValue
    }
    #expect(types == ["crashed", "timed out", "error", "error", "not run"])
  }

  @Test func pointsAsProperties() throws {
    let root = try parse(JUnitReport.render([Fixtures.dave]))
    let suite = try #require(suites(root).first)
    func properties(_ element: XMLElement) -> [String: String] {
      let list = element.elements(forName: "properties").first?.elements(forName: "property") ?? []
      var result: [String: String] = [:]
      for property in list {
        result[property.attribute(forName: "name")?.stringValue ?? ""] =
          property.attribute(forName: "value")?.stringValue
      }
      return result
    }
    #expect(properties(suite)["points"] == "2")
    #expect(properties(suite)["max_points"] == "5")
    let cases = suite.elements(forName: "testcase")
    #expect(properties(cases[1])["max_points"] == "1")
    #expect(properties(cases[1])["location"] == nil)
    #expect(properties(cases[0])["location"] == "Hello.swift:12")
  }

  @Test func escapingAndForbiddenCharacters() throws {
    let test = TestResult(
      id: "A/b()", isVisible: true, status: .failed,
      message: "tab\tcr\r\nnul\u{0}esc\u{1B}bell\u{07}nonchar\u{FFFE}\u{FFFF}emoji😀 'q' \"d\" <&>",
      location: nil, points: 0, maximumPoints: 1, hint: nil)
    let report = GradeReport(
      learner: "x\u{0B}y", submission: "/s", gradedAt: Fixtures.gradedAt,
      exercises: [GradedExercise(id: "01-a", title: "A", status: .graded, notes: [], tests: [test])]
    )
    let xml = JUnitReport.render([report])
    for forbidden: Unicode.Scalar in [
      "\u{0}", "\u{1B}", "\u{07}", "\u{0B}", "\u{FFFE}", "\u{FFFF}",
    ] {
      #expect(!xml.unicodeScalars.contains(forbidden))
    }
    let root = try parse(xml)
    let failure = try #require(
      suites(root).first?.elements(forName: "testcase").first?.elements(forName: "failure").first)
    #expect(failure.stringValue == "tab\tcr\r\nnulescbellnoncharemoji😀 'q' \"d\" <&>")
    #expect(suites(root).first?.attribute(forName: "name")?.stringValue == "xy.01-a")
    #expect(JUnitReport.attribute("a\tb\nc") == "\"a&#9;b&#10;c\"")
    #expect(JUnitReport.text("<a href='x'>&\"") == "&lt;a href=&apos;x&apos;&gt;&amp;&quot;")
  }

  @Test func deterministic() {
    #expect(JUnitReport.render(Fixtures.all) == JUnitReport.render(Fixtures.all))
    #expect(!JUnitReport.render(Fixtures.all).contains("2026"))
  }
}
