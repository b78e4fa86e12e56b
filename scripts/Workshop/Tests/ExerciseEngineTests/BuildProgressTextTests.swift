import Testing

@testable import ExerciseEngine

@Suite struct BuildProgressTextTests {
  @Test func aStepLineSaysHowFarAlongAndAboutHowLongIsLeft() {
    #expect(
      BuildProgressText.describe("[15/41] Compiling Clocks TestClock.swift", seconds: 10)
        == "step 15 of 41, about 18 s left: Compiling Clocks TestClock.swift")
    #expect(
      BuildProgressText.describe("[2/41] Write sources", seconds: 1)
        == "step 2 of 41: Write sources")
    #expect(BuildProgressText.describe("[41/41] Linking", seconds: 30) == "step 41 of 41: Linking")
    #expect(
      BuildProgressText.describe("Building for debugging...", seconds: 1)
        == "Building for debugging...")
  }
}
