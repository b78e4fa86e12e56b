import ContextForcing
import Testing

// Edge cases graded beyond the lesson's tests, in a separate process like ContextAppTests.

@Suite struct ContextAppEdgeCaseTests {
  @Test func theVariableBeatsPreviewsInTheApp() throws {
    let output = try runContextApp(environment: [
      "SWIFT_DEPENDENCIES_CONTEXT": "test", "XCODE_RUNNING_FOR_PREVIEWS": "1",
    ])
    let cause =
      output.contextLine == "context=preview"
      ? "That is preview detection: the variable wins over it."
      : "The context the variable forces wins over everything else."
    #expect(
      output.contextLine == "context=test",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=test and XCODE_RUNNING_FOR_PREVIEWS=1, ContextApp \
      printed \(output.contextLine.debugDescription) instead of "context=test". \(cause)
      """)
  }

  @Test func anInvalidValueFallsBackToPreviewDetection() throws {
    let output = try runContextApp(environment: [
      "SWIFT_DEPENDENCIES_CONTEXT": "staging", "XCODE_RUNNING_FOR_PREVIEWS": "1",
    ])
    #expect(output.status == 0, "ContextApp exited with status \(output.status): \(output)")
    #expect(
      output.contextLine == "context=preview",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=staging and XCODE_RUNNING_FOR_PREVIEWS=1, \
      ContextApp printed \(output.contextLine.debugDescription) instead of "context=preview": \
      an invalid value is ignored, and detection goes on as usual.
      """)
    try expectReport(in: output, about: "staging")
  }

  @Test func aMiscapitalizedValueIsReportedInTheApp() throws {
    let output = try runContextApp(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "Test"])
    #expect(output.status == 0, "ContextApp exited with status \(output.status): \(output)")
    #expect(
      output.contextLine == "context=live",
      """
      Launched with SWIFT_DEPENDENCIES_CONTEXT=Test, ContextApp printed \
      \(output.contextLine.debugDescription) instead of "context=live": "Test" is not "test".
      """)
    try expectReport(in: output, about: "Test")
  }
}
