import ExerciseModel
import Foundation

/// Grading results as JUnit XML, for CI systems and test-report viewers.
///
/// One `<testsuite>` per learner and exercise, named `<learner>.<exercise id>`, with its
/// `tests`, `failures`, `errors` and `skipped` counts, its `gradedAt` as `timestamp`, its points,
/// whether it was sandboxed, the grading notes and the review flags as `<properties>`, and its
/// notes as `<system-out>`. One `<testcase>` per test, with its points and its lesson step (for
/// a test in one) as `<properties>`; a failed test has a `<failure>`, an `error`, `crashed`, `timed out` or
/// `not run` test has an `<error type="<status>">`. Nothing is ever skipped, so `skipped` is 0.
///
/// Text is escaped for XML 1.0, and characters XML 1.0 does not allow are dropped.
public enum JUnitReport {
  /// Renders `reports` as a JUnit XML document ending in a newline.
  public static func render(_ reports: [GradeReport]) -> String {
    var suites: [String] = []
    var totals = Counts()
    for report in reports {
      for exercise in report.exercises {
        let counts = Counts(exercise.tests)
        totals.add(counts)
        suites.append(suite(report, exercise, counts: counts))
      }
    }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"grading\"" + totals.attributes + ">",
    ]
    lines += suites
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func suite(
    _ report: GradeReport, _ exercise: GradedExercise, counts: Counts
  ) -> String {
    let name = report.learner + "." + exercise.id
    var lines = [
      "  <testsuite name=\(attribute(name))" + counts.attributes
        + " timestamp=\(attribute(ReportFormatting.timestamp(report.gradedAt)))>",
      "    <properties>",
      property("learner", report.learner, indent: 6),
      property("submission", report.submission, indent: 6),
      property("exercise", exercise.id, indent: 6),
      property("title", exercise.title, indent: 6),
      property("status", exercise.status.rawValue, indent: 6),
      property("points", "\(exercise.points)", indent: 6),
      property("max_points", "\(exercise.maximumPoints)", indent: 6),
      property("sandboxed", report.sandboxed ? "true" : "false", indent: 6),
    ]
    lines += report.gradingNotes.map { property("grading_note", $0, indent: 6) }
    lines += exercise.review.map { property("review", $0.summary, indent: 6) }
    lines += [
      "    </properties>"
    ]
    for test in exercise.tests {
      lines += testCase(test, classname: name)
    }
    if !exercise.notes.isEmpty {
      lines.append(
        "    <system-out>" + text(exercise.notes.joined(separator: "\n")) + "</system-out>")
    }
    lines.append("  </testsuite>")
    return lines.joined(separator: "\n")
  }

  private static func testCase(_ test: TestResult, classname: String) -> [String] {
    var lines = [
      "    <testcase classname=\(attribute(classname)) name=\(attribute(test.id))>",
      "      <properties>",
      property("points", "\(test.points)", indent: 8),
      property("max_points", "\(test.maximumPoints)", indent: 8),
      property("visible", test.isVisible ? "true" : "false", indent: 8),
    ]
    if let step = test.step { lines.append(property("step", "\(step)", indent: 8)) }
    if test.isVisible, let location = test.location {
      lines.append(property("location", location, indent: 8))
    }
    if test.status != .passed, let hint = test.hint {
      lines.append(property("hint", hint, indent: 8))
    }
    lines.append("      </properties>")
    let message = attribute(ReportFormatting.firstLine(of: test.message, limit: 200))
    let body = text(test.message ?? "")
    switch test.status {
    case .passed:
      break
    case .failed:
      lines.append("      <failure message=\(message)>" + body + "</failure>")
    case .error, .crashed, .timedOut, .notRun:
      lines.append(
        "      <error type=\(attribute(test.status.rawValue)) message=\(message)>" + body
          + "</error>")
    }
    lines.append("    </testcase>")
    return lines
  }

  private static func property(_ name: String, _ value: String, indent: Int) -> String {
    String(repeating: " ", count: indent) + "<property name=\(attribute(name)) value="
      + attribute(value) + "/>"
  }

  // MARK: - XML text

  /// `value` escaped and in double quotes, for an attribute. Tabs and line breaks are written
  /// as character references so that parsers do not turn them into spaces.
  static func attribute(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars where isAllowed(scalar) {
      switch scalar {
      case "\t": result += "&#9;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      default: result += escaped(scalar)
      }
    }
    return result + "\""
  }

  /// `value` escaped for element content. Carriage returns are written as a character reference
  /// so that parsers keep them.
  static func text(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars where isAllowed(scalar) {
      result += scalar == "\r" ? "&#13;" : escaped(scalar)
    }
    return result
  }

  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&apos;"
    default: String(scalar)
    }
  }

  /// Whether XML 1.0 allows `scalar`: tab, line feed, carriage return, U+0020–U+D7FF,
  /// U+E000–U+FFFD and U+10000–U+10FFFF.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}

/// The test counts of a `<testsuite>` or `<testsuites>` element.
private struct Counts {
  var tests = 0
  var failures = 0
  var errors = 0

  init() {}

  init(_ tests: [TestResult]) {
    self.tests = tests.count
    failures = tests.filter { $0.status == .failed }.count
    errors = tests.filter { $0.status != .passed && $0.status != .failed }.count
  }

  mutating func add(_ other: Counts) {
    tests += other.tests
    failures += other.failures
    errors += other.errors
  }

  var attributes: String {
    " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
  }
}
