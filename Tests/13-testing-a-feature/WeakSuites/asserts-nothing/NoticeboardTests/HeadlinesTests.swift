import Dependencies
import Noticeboard
import Testing

// A weak suite: it refreshes, well and badly, and checks nothing.

@MainActor
@Suite("Step 4: a failed refresh shows an error, a good one clears it")
struct HeadlinesTests {
  @Test func refreshing() async {
    let answer = HeadlinesAnswer(.success(["Library opens late"]))
    let model = noticeboard(answering: answer)
    await model.refresh()
    answer.setValue(.failure(Offline()))
    await model.refresh()
  }
}
