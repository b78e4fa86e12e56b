import ExerciseEngine
import ExerciseModel
import Foundation

/// The rules a failing test's words must keep for a learner part-way through an exercise: the
/// check behind "a message says what happened, and names a cause only when the observation
/// proves it" (`scripts/exercises diagnoses`, a step of `scripts/test`).
///
/// The learner it is applied to has done the lesson's steps 1 to k exactly as the solution does
/// them and nothing after (``ExerciseSources/partialModule(doneSteps:)``), so what is true of
/// their code is known: the steps it completes are correct, the others untouched. Each failing
/// test's shown failure (``TestRunner/Outcome/shownFailures``: the first of the test, the only
/// one reports show) is held to three rules:
///
/// 1. **Finished steps pass.** A test of step s must not fail when steps 1 to s are all
///    completed: its message would blame correct code.
/// 2. **No pointer to finished work.** The message must not send the learner only to steps the
///    code has completed ("Step 2: …" when step 2 is done; "Steps 1 and 2" is fine while step 2
///    is not).
/// 3. **One observation per expectation.** A failed `#expect(a && b, "…")` cannot tell which
///    side was false, so whatever its message says of one side may be untrue: split it into
///    one expectation per observation, each with its own words. (Read from the framework's
///    expanded expression, which names the condition that failed.)
///
/// ```swift
/// let rules = MessageRules(completedSteps: [1, 2], stepOfTest: steps)
/// rules.problems(outcomes, tests: manifest.tests)  // ["AdvanceTests/…(): …"]
/// ```
public struct MessageRules: Sendable {
  /// The steps the learner's code completes.
  public var completedSteps: Set<Int>
  /// The lesson steps of each test (empty for a test in no step).
  public var stepsOfTest: [String: [Int]]

  public init(completedSteps: Set<Int>, stepsOfTest: [String: [Int]]) {
    self.completedSteps = completedSteps
    self.stepsOfTest = stepsOfTest
  }

  /// What breaks the rules among `outcomes` (by test id), one line per problem, in the order of
  /// `testIDs`.
  public func problems(_ outcomes: [String: TestRunner.Outcome], testIDs: [String]) -> [String] {
    var problems: [String] = []
    for id in testIDs {
      guard let outcome = outcomes[id], outcome.status != .passed else { continue }
      let steps = stepsOfTest[id] ?? []
      let shown = outcome.shownFailures
      let place = shown.first?.location.map { " (\($0))" } ?? ""
      let words = Self.firstLine(outcome.message(hidingSource: false) ?? "")
      // A step's tests may build on every step before it.
      if let last = steps.max(), completedSteps.isSuperset(of: 1...last) {
        problems.append(
          "\(id)\(place) is a test of \(Self.stepList(steps)), which this code completes, yet "
            + "it \(outcome.status.rawValue): \"\(words)\"")
        continue
      }
      for failure in shown {
        let text = failure.details.joined(separator: "\n")
        let named = Self.stepsNamed(in: text)
        if !named.isEmpty, completedSteps.isSuperset(of: named) {
          problems.append(
            "\(id)\(failure.location.map { " (\($0))" } ?? "") sends the learner to "
              + "\(Self.stepList(named)), which this code completes: \"\(Self.firstLine(text))\"")
        }
        if !failure.details.isEmpty, let joined = Self.conjunction(in: failure.summary) {
          problems.append(
            "\(id)\(failure.location.map { " (\($0))" } ?? "") failed on `\(joined)`, two "
              + "observations in one expectation, so its words cannot say which was false: "
              + "split it into one expectation per observation (\"\(Self.firstLine(text))\")")
        }
      }
    }
    return problems
  }

  /// The first step whose tests cannot all pass with the completed steps (nil when every step's
  /// can): what `next_step` must be for this learner. A step's tests can pass once it and every
  /// step before it are completed, and, for a test in several steps, every step up to its last.
  public func expectedNextStep(stepCount: Int) -> Int? {
    (1...max(1, stepCount)).first { step in
      guard completedSteps.isSuperset(of: 1...step) else { return true }
      return stepsOfTest.values.contains { steps in
        steps.contains(step) && !completedSteps.isSuperset(of: 1...(steps.max() ?? step))
      }
    }
  }

  /// The step numbers a message points to: each "Step 3" or "Steps 2 and 4" it contains.
  ///
  /// ```swift
  /// MessageRules.stepsNamed(in: "… Step 2: wake only …; see Steps 3 and 4.")  // [2, 3, 4]
  /// ```
  public static func stepsNamed(in text: String) -> [Int] {
    var numbers: Set<Int> = []
    var rest = text[...]
    while let match = rest.range(
      of: #"\bSteps? [0-9]+((,| and| or| to|–|-) ?[0-9]+)*"#, options: .regularExpression)
    {
      numbers.formUnion(StepTitle.parse(String(rest[match]) + ":"))
      rest = rest[match.upperBound...]
    }
    return numbers.sorted()
  }

  /// The expression of a failed expectation (`Expectation failed: …`, as Swift Testing writes
  /// it) when its condition joins observations with `&&` outside any parentheses, brackets or
  /// string; nil otherwise.
  ///
  /// ```swift
  /// MessageRules.conjunction(in: "Expectation failed: (a → 1) == 2 && !(b → true)")
  /// // "(a → 1) == 2 && !(b → true)"
  /// ```
  public static func conjunction(in summary: String) -> String? {
    let prefix = "Expectation failed: "
    guard let start = summary.range(of: prefix) else { return nil }
    let expression =
      summary[start.upperBound...].split(separator: "\n").first.map(String.init)
      ?? ""
    var depth = 0
    var inString = false
    var previous: Character = " "
    var escaped = false
    for character in expression {
      defer { previous = character }
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"": inString = true
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      case "&" where previous == "&" && depth == 0: return expression
      default: break
      }
    }
    return nil
  }

  static func stepList(_ steps: [Int]) -> String {
    steps.count == 1
      ? "Step \(steps[0])"
      : "Steps " + steps.map(String.init).joined(separator: ", ")
  }

  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    return line.count > 160 ? String(line.prefix(157)) + "…" : line
  }
}
