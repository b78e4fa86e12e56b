import Briefing
import Dependencies
import Foundation
import Testing

// A weak suite: it runs every feature under overrides and checks nothing.

struct Offline: Error {}

@MainActor
@Suite struct RunsEverything {
  @Test func fetches() async {
    let model = withDependencies {
      $0.newsClient.headlines = { Headline.previews }
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      HeadlinesModel()
    }
    await model.refresh()
  }

  @Test func failsToFetch() async {
    let model = withDependencies {
      $0.newsClient.headlines = { throw Offline() }
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      HeadlinesModel()
    }
    await model.refresh()
  }

  @Test func savesAndReminds() async {
    let list = withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      ReadingListModel()
    }
    list.save(Headline.previews[0])
    list.save(Headline.previews[0])
    await list.remind(after: .seconds(600))
  }

  @Test func asksThePreviewValue() async throws {
    _ = try await NewsClient.previewValue.headlines()
  }
}
