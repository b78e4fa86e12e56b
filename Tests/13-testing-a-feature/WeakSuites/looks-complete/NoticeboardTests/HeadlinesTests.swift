import Dependencies
import Noticeboard
import Testing

// A weak suite: every refresh of the reference happens, but each test checks one value: the
// first headline of the first refresh, or the error message alone.

@MainActor
@Suite("Step 4: a failed refresh shows an error, a good one clears it")
struct HeadlinesTests {
  @Test(
    "a good refresh shows exactly the headlines answered, with no error, and the next good one replaces them"
  )
  func goodRefreshShowsTheHeadlines() async {
    let answer = HeadlinesAnswer(.success(["Library opens late"]))
    let model = noticeboard(answering: answer)

    await model.refresh()
    #expect(model.headlines.first == "Library opens late")

    answer.setValue(.success(["Pool closed", "Bake sale on Friday"]))
    await model.refresh()
  }

  @Test(
    "a failed refresh keeps the last headlines and shows exactly \"Could not load the headlines.\"")
  func failedRefreshShowsAnErrorAndKeepsTheHeadlines() async {
    let answer = HeadlinesAnswer(.success(["Library opens late"]))
    let model = noticeboard(answering: answer)
    await model.refresh()

    answer.setValue(.failure(Offline()))
    await model.refresh()
    #expect(model.errorMessage == "Could not load the headlines.")
  }

  @Test("a good refresh after a failed one clears the error message and shows the new headlines")
  func goodRefreshClearsAnEarlierError() async {
    let answer = HeadlinesAnswer(.failure(Offline()))
    let model = noticeboard(answering: answer)
    await model.refresh()

    answer.setValue(.success(["Pool closed"]))
    await model.refresh()
    #expect(model.errorMessage == nil)
  }
}
