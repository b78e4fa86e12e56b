import Dependencies
import Noticeboard
import Testing

// A weak suite: it checks one good refresh, never a failure and never a second refresh.

@MainActor
@Suite("Step 4: a failed refresh shows an error, a good one clears it")
struct HeadlinesTests {
  @Test func refreshShowsTheHeadlines() async {
    let model = noticeboard(answering: HeadlinesAnswer(.success(["Library opens late"])))
    await model.refresh()
    #expect(model.headlines == ["Library opens late"])
    #expect(model.errorMessage == nil)
  }
}
