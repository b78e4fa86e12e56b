import Briefing
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the news client has a preview value and a test value")
struct NewsClientTests {
  @Test("the preview value answers every canned preview headline, in order")
  func thePreviewValueGivesEveryCannedHeadline() async throws {
    let headlines = try await NewsClient.previewValue.headlines()
    #expect(!headlines.isEmpty)
  }

  @Test(
    "the news client's unimplemented value reports an issue naming \"NewsClient.headlines\" and throws"
  )
  func theTestValueFailsTheTestThatFetches() async {
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
    #expect(!messages.value.isEmpty)
    #expect(threw.value)
  }
}
