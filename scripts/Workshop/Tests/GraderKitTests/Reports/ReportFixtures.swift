import ExerciseModel
import Foundation

@testable import GraderKit

/// Small, fixed reports covering every status and the awkward characters.
enum Fixtures {
  /// 2025-06-15T15:06:40Z.
  static let gradedAt = Date(timeIntervalSince1970: 1_750_000_000)

  static let compilerOutput = """
    /home/grader/Submissions/bob/Exercises/02-optionals/Sources/Optionals/Opt.swift:3:5: \
    error: cannot find 'x' in scope
      return x + 1
             ^
    """

  /// A visible failure message with XML, Markdown and control characters.
  static let nastyMessage = "Expected <&> \"quoted\" 'single' | piped\nsecond line\u{07} bell"

  static func passed(_ id: String, points: Int, visible: Bool = true) -> TestResult {
    TestResult(
      id: id, isVisible: visible, status: .passed, message: nil, location: nil, points: points,
      maximumPoints: points, hint: nil)
  }

  static func hello(_ tests: [TestResult]? = nil) -> GradedExercise {
    GradedExercise(
      id: "01-hello", title: "Hello, World!", status: .graded, notes: [],
      tests: tests ?? [passed("Hello/greets()", points: 3), passed("Hello/named()", points: 2)])
  }

  static let optionalsFull = GradedExercise(
    id: "02-optionals", title: "Optionals | Unwrapping", status: .graded, notes: [],
    tests: [passed("Optionals/unwraps()", points: 5)])

  /// Full marks: 10/10.
  static let ada = GradeReport(
    learner: "Ada Lovelace", submission: "/submissions/Ada Lovelace", gradedAt: gradedAt,
    exercises: [hello(), optionalsFull])

  /// 01 full, 02 does not compile (one visible, one hidden test): 5/10.
  static let bob = GradeReport(
    learner: "Bob", submission: "/submissions/Bob", gradedAt: gradedAt,
    exercises: [
      hello(),
      GradedExercise(
        id: "02-optionals", title: "Optionals | Unwrapping", status: .compileError,
        notes: ["Sources/Optionals/Link.swift is a symbolic link; it was not used."],
        tests: [
          TestResult(
            id: "Optionals/unwraps()", isVisible: true, status: .error, message: compilerOutput,
            location: nil, points: 0, maximumPoints: 3, hint: "Use if let."),
          TestResult(
            id: "Optionals/hidden()", isVisible: false, status: .error, message: compilerOutput,
            location: nil, points: 0, maximumPoints: 2, hint: nil),
        ]),
    ])

  /// 01 full, 02 missing: 5/10.
  static let carol = GradeReport(
    learner: "carol", submission: "/submissions/carol", gradedAt: gradedAt,
    exercises: [
      hello(),
      GradedExercise(
        id: "02-optionals", title: "Optionals | Unwrapping", status: .missing, notes: [],
        tests: [
          TestResult(
            id: "Optionals/unwraps()", isVisible: true, status: .notRun, message: nil,
            location: nil, points: 0, maximumPoints: 5, hint: nil)
        ]),
    ])

  /// 01: a visible failure with a nasty message, a hidden failure, a pass; 02: a crash and a
  /// time-out. 2/10.
  static let dave = GradeReport(
    learner: "Dave", submission: "/submissions/Dave", gradedAt: gradedAt,
    exercises: [
      hello([
        TestResult(
          id: "Hello/greets()", isVisible: true, status: .failed, message: nastyMessage,
          location: "Hello.swift:12", points: 0, maximumPoints: 2, hint: "Check the <comma>."),
        TestResult(
          id: "Hello/secret()", isVisible: false, status: .failed,
          message: "The greeting should end with \"!\".", location: "SecretTests.swift:42",
          points: 0, maximumPoints: 1, hint: "Read the task again."),
        passed("Hello/named()", points: 2),
      ]),
      GradedExercise(
        id: "02-optionals", title: "Optionals | Unwrapping", status: .graded, notes: [],
        tests: [
          TestResult(
            id: "Optionals/unwraps()", isVisible: true, status: .crashed,
            message: "The test process stopped with signal 4 (SIGILL).", location: nil,
            points: 0, maximumPoints: 3, hint: nil),
          TestResult(
            id: "Optionals/loops()", isVisible: true, status: .timedOut, message: nil,
            location: nil, points: 0, maximumPoints: 2, hint: "Does the loop end?"),
        ]),
    ])

  /// A name with `=` first, a comma, quotes and a combining accent: 5/5 in 01 only.
  static let zoe = GradeReport(
    learner: "=Zoe\u{301}, \"Z\" Müller", submission: "/submissions/zoe", gradedAt: gradedAt,
    exercises: [hello()])

  static let all = [ada, bob, carol, dave, zoe]
}
