import Testing
import Briefing

// The lesson's tests, one suite per step, named as the lesson names the step.

@Suite("Step 1: the greeting names who it greets") struct GreetingTests {
  @Test func greetsByName() {
    let text = greeting(for: "Ada")
    #expect(
      text == "Hello, Ada!",
      "greeting(for: \"Ada\") returned \"\(text)\"; the lesson's step 1 expects \"Hello, Ada!\".")
  }
}
