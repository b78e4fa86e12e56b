import Foundation

/// The documentation of `results.json`, declared next to its types: one table per type, one row
/// per key (or pair of keys), each with its JSON type and meaning.
///
/// Instructors.md's schema section is ``markdown``, word for word, and ``problems(_:)`` compares the
/// documented keys with the types' `CodingKeys`; the tests hold both, so a key cannot be added,
/// renamed or dropped without its documentation.
public enum ResultsSchema {
  /// One row: the keys it documents, their JSON type, and what they mean.
  public struct Field: Sendable {
    /// The keys the row documents (`points`, `max_points` share a row).
    public var keys: [String]
    /// The JSON type, in words (`string or null`).
    public var type: String
    /// What the value means, in Markdown.
    public var meaning: String
    /// For an array of objects described in `meaning` rather than in a table of their own: the
    /// keys of those objects, each of which `meaning` names.
    public var entryKeys: [String]

    init(_ keys: [String], _ type: String, _ meaning: String, entryKeys: [String] = []) {
      self.keys = keys
      self.type = type
      self.meaning = meaning
      self.entryKeys = entryKeys
    }
  }

  /// One type's table.
  public struct Table: Sendable {
    /// The sentence above the table.
    public var intro: String
    /// The type the table documents (``ResultsDocument``, ``ResultsExercise``, …).
    public var typeName: String
    /// The keys the type writes: its `CodingKeys`.
    public var typeKeys: [String]
    /// The rows, in the order shown.
    public var fields: [Field]
  }

  /// The tables, in the order shown: the document, an exercise, a diagnosis, a test.
  public static let tables: [Table] = [
    Table(
      intro:
        "The JSON results file (close to Exercism's `results.json`, version 3) has these "
        + "top-level fields:",
      typeName: "ResultsDocument", typeKeys: ResultsDocument.CodingKeys.allCases.map(\.rawValue),
      fields: [
        Field(["version"], "number", "Always `3`."),
        Field(
          ["status"], "string",
          "`held for review` if lines of the submission are flagged for review and no "
            + "instructor has released the grade (`scripts/grade release`); else `pass` if every "
            + "exercise passes, `error` if every exercise is `error` (or there are none), else "
            + "`fail`."),
        Field(
          ["message"], "string or null",
          "Why the status is `error` or `held for review`; `null` otherwise."),
        Field(["learner"], "string", "The submission folder's name."),
        Field(
          ["submission"], "string",
          "The submission folder's absolute path (for a hand-in from a git repository, the "
            + "repository's)."),
        Field(
          ["commit"], "string or null",
          "The commit graded, for a hand-in from the learner's git repository "
            + "(`scripts/grade --before`: the last commit before the deadline); `null` otherwise."),
        Field(["graded_at"], "string", "When grading finished, ISO 8601 in UTC."),
        Field(
          ["sandboxed"], "boolean", "Whether the learner's test processes ran in a sandbox."),
        Field(
          ["grading_notes"], "array of strings",
          "Notes about the grading run itself, such as why there was no sandbox."),
        Field(
          ["points", "max_points"], "number", "Points scored and available, over all exercises."),
        Field(["exercises"], "array", "One object per exercise, in learning order."),
      ]),
    Table(
      intro: "Each exercise:", typeName: "ResultsExercise",
      typeKeys: ResultsExercise.CodingKeys.allCases.map(\.rawValue),
      fields: [
        Field(
          ["id", "title"], "string", "The exercise's id (`NN-kebab-name`) and title."),
        Field(
          ["status"], "string",
          "`error` if it did not compile or is missing, `pass` if every test passed, else "
            + "`fail`."),
        Field(["grading_status"], "string", "`graded`, `compile error` or `missing`."),
        Field(
          ["points", "max_points"], "number", "Points scored and available in this exercise."),
        Field(["notes"], "array of strings", "Things to know that are not test results."),
        Field(
          ["review"], "array",
          "For the instructor: lines of the learner's sources that use what no solution needs "
            + "(process exit, command-line arguments, file or socket I/O, starting processes, "
            + "`dlopen`/`dlsym`, `@_silgen_name`, signals), and event-stream records the grader "
            + "refused; each `file`, `line`, `reason`, `code`. Never a score change.",
          entryKeys: ReviewFlag.CodingKeys.allCases.map(\.rawValue)),
        Field(
          ["diagnosis"], "object or null",
          "The likely misunderstanding, when the failing tests match a decoy's (see below); "
            + "`null` otherwise, and always for `error`."),
        Field(
          ["next_step"], "number or null",
          "The lowest lesson step with a failing test; `null` when every step's tests pass."),
        Field(
          ["next_step_lesson"], "string or null",
          "The lesson's own words for `next_step`: its paragraph in the exercise's `README.md` "
            + "(Markdown); `null` when there is no next step or the lesson has no paragraph for it."
        ),
        Field(
          ["steps"], "array",
          "Each lesson step, in order: `number`, `title` (as the lesson names it), `passed` and "
            + "`total` (its tests; a test in two steps counts in both), and `started` (`true` "
            + "when the learner's code for the step differs from the starter; for a step with no "
            + "code of its own in the module, when some of its tests pass).",
          entryKeys: StepProgress.CodingKeys.allCases.map(\.rawValue)),
        Field(
          ["tests"], "array",
          "One object per test, in the order to fix them in; where the learner writes tests, one "
            + "per hand-written mutant of the feature, named by the behaviour it breaks, `pass` "
            + "when caught, then one per lesson step with generated mutants (`Step N: every bug a "
            + "complete suite catches`), `pass` when all are caught, its points the step's share "
            + "times the part caught, rounded down."),
        Field(
          ["suite"], "object or null",
          "Where the learner writes tests: what grading them found (see below); `null` "
            + "otherwise."),
      ]),
    Table(
      intro: "A suite (the tests a learner wrote, graded by the mutants they catch):",
      typeName: "ResultsSuite", typeKeys: ResultsSuite.CodingKeys.allCases.map(\.rawValue),
      fields: [
        Field(["tests"], "array of strings", "Every test of the suite, `Suite/function()`."),
        Field(
          ["wrong_tests"], "array",
          "The tests that did not pass in each of the runs against the correct feature (they "
            + "catch nothing): `name`, `outcome` of the first run they did not pass, `message`.",
          entryKeys: ResultsSuite.WrongTest.CodingKeys.allCases.map(\.rawValue)),
        Field(
          ["real_time_tests"], "array of strings",
          "The tests that took over half a second against the correct feature: they wait for "
            + "real time."),
        Field(
          ["mutants"], "array",
          "Each mutant, in the manifest's order: `name` (its place, `step-1-mutant-2`, the "
            + "second of Step 1: never words about its code), `behaviour` (what a test should "
            + "check), `step`, `points`, `caught`, and `caught_by` (the first test that failed "
            + "against it, or `null`).",
          entryKeys: ResultsSuite.Mutant.CodingKeys.allCases.map(\.rawValue)),
        Field(
          ["generated"], "array",
          "The generated mutants (every mutant of the feature that the reference suite kills), "
            + "grouped by the behaviour of the reference test that names them, in learning "
            + "order: `behaviour`, `step`, `bugs` (how many) and `caught` (how many the suite "
            + "caught).",
          entryKeys: ResultsSuite.Behaviour.CodingKeys.allCases.map(\.rawValue)),
      ]),
    Table(
      intro: "A diagnosis:", typeName: "ResultsDiagnosis",
      typeKeys: ResultsDiagnosis.CodingKeys.allCases.map(\.rawValue),
      fields: [
        Field(
          ["decoy"], "string",
          "The name of the decoy whose failing tests match (instructor side)."),
        Field(
          ["match"], "string",
          "`exact` (the same failing tests, with the same ones crashed and timed out) or "
            + "`close` (by the documented rule; never when a test crashed or timed out)."),
        Field(
          ["misunderstanding"], "string", "The decoy's misunderstanding, in the learner's terms."),
        Field(
          ["lesson_step"], "string or null", "The lesson step to reread, as the lesson names it."),
        Field(["lesson"], "string", "The lesson's path: `Exercises/<id>/README.md`."),
        Field(["message"], "string", "The whole message shown to the learner."),
      ]),
    Table(
      intro: "Each test:", typeName: "ResultsTest",
      typeKeys: ResultsTest.CodingKeys.allCases.map(\.rawValue),
      fields: [
        Field(["name"], "string", "The test's id, `Suite/function()`."),
        Field(
          ["status"], "string", "`pass` (passed), `fail` (failed) or `error` (anything else)."),
        Field(
          ["outcome"], "string",
          "`passed`, `failed`, `error`, `crashed`, `timed out` or `not run`."),
        Field(
          ["message"], "string or null", "Why the test did not pass; `null` when it passed."),
        Field(
          ["location"], "string or null",
          "`File.swift:line` of the first failure (visible tests)."),
        Field(["visible"], "boolean", "Whether the learner has the test's source."),
        Field(
          ["points", "max_points"], "number", "Points scored and available for this test."),
        Field(["hint"], "string or null", "The test author's hint."),
        Field(
          ["step"], "number or null",
          "The lesson step the test is in (the first, for a test in several); `null` for a test "
            + "in no step, such as most hidden tests."),
      ]),
  ]

  /// The schema as Markdown: each table's sentence, then its table (no trailing newline).
  public static var markdown: String {
    tables.map { table in
      let rows = table.fields.map { field in
        let keys = field.keys.map { "`\($0)`" }.joined(separator: ", ")
        return "| \(keys) | \(field.type) | \(field.meaning) |"
      }
      return ([table.intro, "", "| Field | Type | Meaning |", "| :-- | :-- | :-- |"] + rows)
        .joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// Where the documentation and the types disagree: a key the type writes that no row
  /// documents, a documented key the type does not have, a key documented twice, or an entry
  /// key the row's meaning does not name. Empty when they agree.
  public static func problems(_ tables: [Table] = ResultsSchema.tables) -> [String] {
    var problems: [String] = []
    for table in tables {
      let documented = table.fields.flatMap(\.keys)
      for key in table.typeKeys where !documented.contains(key) {
        problems.append("\(table.typeName) writes `\(key)`, which the schema does not document")
      }
      for key in documented where !table.typeKeys.contains(key) {
        problems.append("the schema documents `\(key)`, which \(table.typeName) does not have")
      }
      for key in Set(documented).sorted() where documented.filter({ $0 == key }).count > 1 {
        problems.append("the schema documents \(table.typeName)'s `\(key)` twice")
      }
      for field in table.fields {
        for key in field.entryKeys where !field.meaning.contains("`\(key)`") {
          problems.append("the schema's `\(field.keys[0])` does not name its entries' `\(key)`")
        }
      }
    }
    return problems
  }
}
