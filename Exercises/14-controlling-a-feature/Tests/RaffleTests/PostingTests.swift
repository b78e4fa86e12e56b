import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test("a draw posts exactly the draw it shows, once, and shows no error when the post succeeds")
  func theDrawShownIsPostedOnce() async throws {
    // Show that a draw posts the draw it shows, once, through `raffleClient.post`, and shows
    // no error when the post succeeds.
  }

  @Test(
    "a failed post shows exactly \"The draw could not be posted.\" and keeps the winner on screen")
  func aFailedPostShowsTheErrorAndKeepsTheWinner() async throws {
    // Show that when the post throws, the error message says exactly "The draw could not be
    // posted." and the winner stays on screen.
  }

  @Test("a good post after a failed one clears the error message")
  func aGoodPostClearsAnEarlierError() async throws {
    // Show that a good post after a failed one clears the error message.
  }

  @Test(
    "the live client sends one POST of the draw as JSON to https://raffle.invalid/draws, its date in ISO 8601"
  )
  func theLiveClientPostsTheDrawAsJSON() async throws {
    // Show that the live client sends what the app always sent: one POST to
    // https://raffle.invalid/draws, with Content-Type application/json and the draw as JSON,
    // its date as ISO 8601 text. Give it `ServerStub.session(answering: 201)` (in
    // Fixtures.swift) as its URL session.
  }

  @Test("the live client throws a server error with status 500 when the server refuses the draw")
  func theLiveClientThrowsWhenTheServerRefuses() async throws {
    // Show that the live client throws `RaffleServerError(statusCode: 500)` when the server
    // refuses the draw, so that the screen can say it was not posted.
  }
}
