import Testing

@testable import ExerciseModel

@Suite struct StepTitleTests {
  @Test(arguments: [
    ("Step 3: the message for an invalid value", [3]),
    ("Steps 1 and 2: capture when the continuation is made, restore in yield", [1, 2]),
    ("Steps 1, 2 and 4: several", [1, 2, 4]),
    ("Steps 2 to 4: a range", [2, 3, 4]),
    ("Steps 2–3: a dash", [2, 3]),
    ("step 5", [5]),
    ("The app: a separate process whose environment forces its context", []),
    ("Stepping stones: 1 and 2", []),
    ("A suite about Step 3", []),
    ("", []),
  ])
  func readsTheNumbersBeforeTheColon(name: String, expected: [Int]) {
    #expect(StepTitle.parse(name) == expected)
  }
}
