import ExerciseModel
import Testing

@Suite struct StarterRegionsTests {
  @Test func keepsTheElseBranchOneLevelLess() throws {
    let solution = """
      public func answer() -> Int {
        #if SOLUTION
          return 42
        #else
          // Step 1: compute the answer.
          return 0
        #endif
      }
      """
    let starter = try StarterRegions.starter(fromSolution: solution, file: "A.swift")
    #expect(
      starter == """
        public func answer() -> Int {
          // Step 1: compute the answer.
          return 0
        }
        """)
  }

  @Test func theSolutionSideKeepsTheSolutionOneLevelLess() throws {
    let solution = """
      struct A {}
      #if SOLUTION
        extension A { func helper() {} }
      #endif
      func answer() -> Int {
        #if SOLUTION
          return 42
        #else
          return 0
        #endif
      }
      """
    #expect(
      try StarterRegions.solutionSide(of: solution, file: "A.swift") == """
        struct A {}
        extension A { func helper() {} }
        func answer() -> Int {
          return 42
        }
        """)
  }

  @Test func dropsARegionWithoutElse() throws {
    let solution = """
      struct A {}
      #if SOLUTION
        extension A { func helper() {} }
      #endif
      let b = 1
      """
    #expect(
      try StarterRegions.starter(fromSolution: solution, file: "A.swift")
        == "struct A {}\nlet b = 1")
  }

  @Test func nestedConditionalsStayWithTheirBranch() throws {
    let solution = """
      #if SOLUTION
        #if os(Linux)
          let x = 1
        #else
          let x = 2
        #endif
      #else
        #if DEBUG
          let y = 0
        #endif
      #endif
      """
    #expect(
      try StarterRegions.starter(fromSolution: solution, file: "A.swift")
        == "#if DEBUG\n  let y = 0\n#endif")
  }

  @Test func otherConditionalsAreKept() throws {
    let text = "#if canImport(Glibc)\n  import Glibc\n#endif"
    #expect(try StarterRegions.starter(fromSolution: text, file: "A.swift") == text)
  }

  @Test(arguments: [
    ("#if SOLUTION\nlet a = 1", "A.swift:1: this `#if SOLUTION` has no `#endif`."),
    ("#if SOLUTION && DEBUG\n#endif", "A.swift:1: write `#if SOLUTION` alone on its line"),
    ("#if SOLUTION\n#elseif X\n#endif", "A.swift:2: `#elseif` is not supported"),
    ("#if SOLUTION\n#if SOLUTION\n#endif\n#endif", "A.swift:2: `#if SOLUTION` cannot nest"),
    ("#if SOLUTION\n#else\n#else\n#endif", "A.swift:3: a second `#else`"),
  ])
  func malformedRegionsAreReportedWithTheirLine(text: String, message: String) {
    #expect {
      try StarterRegions.starter(fromSolution: text, file: "A.swift")
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}
