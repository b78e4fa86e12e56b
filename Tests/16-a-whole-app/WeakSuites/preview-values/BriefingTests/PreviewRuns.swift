import Briefing
import Dependencies
import Foundation
import Testing

// A weak suite: it runs both features in the preview context, on the client's canned headlines
// and the live ids, dates and clock, instead of controlling them. It can only check what any
// run shows.

@MainActor
@Suite struct PreviewRuns {
  @Test func theHeadlinesAreTheTopFiveCannedOnes() async {
    let model = withDependencies {
      $0.context = .preview
    } operation: {
      HeadlinesModel()
    }
    await model.refresh()
    #expect(model.headlines == Array(Headline.previews.prefix(5)))
    #expect(model.fetchedAt != nil)
    #expect(model.errorMessage == nil)
  }

  @Test func savedItemsGetIDsAndAReminder() async {
    let list = withDependencies {
      $0.context = .preview
    } operation: {
      ReadingListModel()
    }
    list.save(Headline.previews[0])
    list.save(Headline.previews[1])
    list.save(Headline.previews[0])
    #expect(list.items.count == 2)
    #expect(Set(list.items.map(\.id)).count == 2)
    await list.remind(after: .milliseconds(1))
    #expect(list.reminder?.items.count == 2)
  }
}
