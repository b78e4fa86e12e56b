import Dependencies
import Noticeboard
import Testing

@MainActor
@Suite("Step 4: a failed refresh shows an error, a good one clears it")
struct HeadlinesTests {
  @Test(
    "a good refresh shows exactly the headlines answered, with no error, and the next good one replaces them"
  )
  func goodRefreshShowsTheHeadlines() async {
    // Show that a good refresh shows exactly the headlines the endpoint answered, with no
    // error message, and that the next good refresh replaces them.
  }

  @Test(
    "a failed refresh keeps the last headlines and shows exactly \"Could not load the headlines.\"")
  func failedRefreshShowsAnErrorAndKeepsTheHeadlines() async {
    // Show that when a refresh fails, the error message says "Could not load the
    // headlines." and the headlines of the last good refresh stay on screen. Make the
    // endpoint answer once, then throw.
  }

  @Test("a good refresh after a failed one clears the error message and shows the new headlines")
  func goodRefreshClearsAnEarlierError() async {
    // Show that a good refresh after a failed one clears the error message. Make the
    // endpoint throw once, then answer.
  }
}
