import ExerciseModel
import Testing

/// What a learner edition holds in place of a solution file (``StarterRegions/redacted(_:file:)``):
/// no line of the answer, and the same starter and step labels as the solution gives.
@Suite struct StarterRedactionTests {
  static let solution = """
    import Foundation

    struct Store {
      #if SOLUTION
        private var values: [String: Int] = [:]
        #if os(Linux)
          let platform = "Linux"
        #else
          let platform = "Darwin"
        #endif
      #endif

      func read(_ key: String) -> Int {
        #if SOLUTION
          return values[key] ?? 0
        #else
          // Step 2: read the stored value, or 0.
          #if DEBUG
            return -1
          #else
            return 0
          #endif
        #endif
      }
    }
    """

  @Test func takesOutEveryLineOfTheAnswerAndKeepsTheRest() throws {
    let redacted = try StarterRegions.redacted(Self.solution, file: "Store.swift")
    #expect(
      redacted == """
        import Foundation

        struct Store {
          #if SOLUTION
          #endif

          func read(_ key: String) -> Int {
            #if SOLUTION
            #else
              // Step 2: read the stored value, or 0.
              #if DEBUG
                return -1
              #else
                return 0
              #endif
            #endif
          }
        }
        """)
  }

  @Test func givesTheStarterAndTheStepsTheSolutionGives() throws {
    let redacted = try StarterRegions.redacted(Self.solution, file: "Store.swift")
    #expect(
      try StarterRegions.starter(fromSolution: redacted, file: "Store.swift")
        == StarterRegions.starter(fromSolution: Self.solution, file: "Store.swift"))
    #expect(
      try StarterRegions.starterRegions(fromSolution: redacted, file: "Store.swift")
        == StarterRegions.starterRegions(fromSolution: Self.solution, file: "Store.swift"))
  }

  @Test func refusesWhatTheStarterRefuses() {
    #expect(throws: WorkshopError.self) {
      try StarterRegions.redacted("#if SOLUTION\nlet a = 1\n", file: "Open.swift")
    }
  }
}
