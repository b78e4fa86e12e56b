import Testing

@testable import ExerciseModel

/// `StarterRegions.partial`: the code of a learner who has done the first steps exactly as the
/// solution does, and nothing after.
@Suite struct PartialSolutionTests {
  let solution = """
    #if SOLUTION
      let one = 1
    #else
      // Step 1: one.
      let one = 0
    #endif
    #if SOLUTION
      let two = 2
    #else
      // Step 2: two.
      let two = 0
    #endif
    #if SOLUTION
      let helper = 9
    #endif
    #if SOLUTION
      let both = 3
    #else
      // Step 1: half of it.
      // Step 3: the other half.
      let both = 0
    #endif
    """

  func partial(_ done: Int) throws -> [String] {
    try StarterRegions.partial(fromSolution: solution, file: "A.swift", doneSteps: done)
      .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") }
  }

  @Test func eachRegionIsSolvedWithItsFirstStep() throws {
    #expect(try partial(0) == ["let one = 0", "let two = 0", "let helper = 9", "let both = 0"])
    #expect(try partial(1) == ["let one = 1", "let two = 0", "let helper = 9", "let both = 3"])
    #expect(try partial(2) == ["let one = 1", "let two = 2", "let helper = 9", "let both = 3"])
    #expect(try partial(3) == ["let one = 1", "let two = 2", "let helper = 9", "let both = 3"])
  }

  @Test func allStepsDoneIsTheSolutionSide() throws {
    #expect(
      try StarterRegions.partial(fromSolution: solution, file: "A.swift", doneSteps: 3)
        == StarterRegions.solutionSide(of: solution, file: "A.swift"))
  }
}
