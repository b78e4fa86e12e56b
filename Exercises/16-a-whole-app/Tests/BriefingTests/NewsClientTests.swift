import Briefing
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the news client has a preview value and a test value")
struct NewsClientTests {
  @Test("the preview value answers every canned preview headline, in order")
  func thePreviewValueGivesEveryCannedHeadline() async throws {
    // Show that the client's preview value answers the canned headlines of
    // `Headline.previews`, every one, in order.
  }

  @Test(
    "the news client's unimplemented value reports an issue naming \"NewsClient.headlines\" and throws"
  )
  func theTestValueFailsTheTestThatFetches() async {
    // Show that calling the test value's endpoint reports an issue naming
    // "NewsClient.headlines", and throws. Catch the issue with `withKnownIssue`.
  }
}
