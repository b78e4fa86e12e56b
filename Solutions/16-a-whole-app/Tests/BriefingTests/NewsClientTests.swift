import Briefing
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the news client has a preview value and a test value")
struct NewsClientTests {
  @Test("the preview value answers every canned preview headline, in order")
  func thePreviewValueGivesEveryCannedHeadline() async throws {
    #if SOLUTION
      let headlines = try await NewsClient.previewValue.headlines()
      #expect(headlines == Headline.previews)
    #else
      // Show that the client's preview value answers the canned headlines of
      // `Headline.previews`, every one, in order.
    #endif
  }

  @Test(
    "the news client's unimplemented value reports an issue naming \"NewsClient.headlines\" and throws"
  )
  func theTestValueFailsTheTestThatFetches() async {
    #if SOLUTION
      let messages = LockIsolated<[String]>([])
      let threw = LockIsolated(false)
      await withKnownIssue {
        do {
          _ = try await NewsClient.testValue.headlines()
        } catch {
          threw.setValue(true)
        }
      } matching: { issue in
        messages.withValue { $0.append(issue.comments.map(\.rawValue).joined()) }
        return true
      }
      #expect(messages.value.contains { $0.contains("NewsClient.headlines") })
      #expect(threw.value)
    #else
      // Show that calling the test value's endpoint reports an issue naming
      // "NewsClient.headlines", and throws. Catch the issue with `withKnownIssue`.
    #endif
  }
}
