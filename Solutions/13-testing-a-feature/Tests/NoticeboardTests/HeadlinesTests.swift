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
    #if SOLUTION
      let answer = HeadlinesAnswer(.success(["Library opens late"]))
      let model = noticeboard(answering: answer)

      await model.refresh()
      #expect(
        model.headlines == ["Library opens late"],
        """
        The endpoint answered ["Library opens late"]: after a refresh the headlines should be \
        exactly that, but they were \(model.headlines).
        """)
      #expect(
        model.errorMessage == nil,
        """
        The endpoint answered with headlines: there should be no error message, but it said \
        \(shown(model.errorMessage)).
        """)

      answer.setValue(.success(["Pool closed", "Bake sale on Friday"]))
      await model.refresh()
      #expect(
        model.headlines == ["Pool closed", "Bake sale on Friday"],
        """
        A second refresh got ["Pool closed", "Bake sale on Friday"]: those should replace the \
        earlier headlines, but the headlines were \(model.headlines).
        """)
    #else
      // Show that a good refresh shows exactly the headlines the endpoint answered, with no
      // error message, and that the next good refresh replaces them.
    #endif
  }

  @Test(
    "a failed refresh keeps the last headlines and shows exactly \"Could not load the headlines.\"")
  func failedRefreshShowsAnErrorAndKeepsTheHeadlines() async {
    #if SOLUTION
      let answer = HeadlinesAnswer(.success(["Library opens late"]))
      let model = noticeboard(answering: answer)
      await model.refresh()

      answer.setValue(.failure(Offline()))
      await model.refresh()
      #expect(
        model.errorMessage == "Could not load the headlines.",
        """
        A refresh failed (the endpoint threw): the error message should be "Could not load the \
        headlines.", but it was \(shown(model.errorMessage)).
        """)
      #expect(
        model.headlines == ["Library opens late"],
        """
        A good refresh got ["Library opens late"], then the next one failed: the earlier \
        headlines should stay on screen, but the headlines were \(model.headlines).
        """)
    #else
      // Show that when a refresh fails, the error message says "Could not load the
      // headlines." and the headlines of the last good refresh stay on screen. Make the
      // endpoint answer once, then throw.
    #endif
  }

  @Test("a good refresh after a failed one clears the error message and shows the new headlines")
  func goodRefreshClearsAnEarlierError() async {
    #if SOLUTION
      let answer = HeadlinesAnswer(.failure(Offline()))
      let model = noticeboard(answering: answer)
      await model.refresh()

      answer.setValue(.success(["Pool closed"]))
      await model.refresh()
      #expect(
        model.errorMessage == nil,
        """
        A refresh failed, then the next one succeeded: the error message should be gone, but \
        it still said \(shown(model.errorMessage)).
        """)
      #expect(
        model.headlines == ["Pool closed"],
        """
        A refresh failed, then the next one got ["Pool closed"]: the headlines should be that, \
        but they were \(model.headlines).
        """)
    #else
      // Show that a good refresh after a failed one clears the error message. Make the
      // endpoint throw once, then answer.
    #endif
  }
}
