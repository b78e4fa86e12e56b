import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test("a draw posts exactly the draw it shows, once, and shows no error when the post succeeds")
  func theDrawShownIsPostedOnce() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
      try await raffle.drawToTheEnd()
      let shown = try #require(raffle.model.lastDraw)
      #expect(raffle.posted.value == [shown])
      #expect(raffle.model.errorMessage == nil)
    #else
      // Show that a draw posts the draw it shows, once, through `raffleClient.post`, and shows
      // no error when the post succeeds.
    #endif
  }

  @Test(
    "a failed post shows exactly \"The draw could not be posted.\" and keeps the winner on screen")
  func aFailedPostShowsTheErrorAndKeepsTheWinner() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada"])
      raffle.postFails.setValue(true)
      try await raffle.drawToTheEnd()
      #expect(raffle.model.errorMessage == "The draw could not be posted.")
      #expect(raffle.model.lastDraw == Draw(id: UUID(0), winner: "Ada", drawnAt: noon))
    #else
      // Show that when the post throws, the error message says exactly "The draw could not be
      // posted." and the winner stays on screen.
    #endif
  }

  @Test("a good post after a failed one clears the error message")
  func aGoodPostClearsAnEarlierError() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
      raffle.postFails.setValue(true)
      try await raffle.drawToTheEnd()
      raffle.postFails.setValue(false)
      try await raffle.drawToTheEnd()
      #expect(raffle.model.errorMessage == nil)
    #else
      // Show that a good post after a failed one clears the error message.
    #endif
  }

  @Test(
    "the live client sends one POST of the draw as JSON to https://raffle.invalid/draws, its date in ISO 8601"
  )
  func theLiveClientPostsTheDrawAsJSON() async throws {
    #if SOLUTION
      let draw = Draw(
        id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!, winner: "Ada",
        drawnAt: noon)
      try await withDependencies {
        $0.urlSession = ServerStub.session(answering: 201)
      } operation: {
        try await RaffleClient.liveValue.post(draw)
      }
      let requests = ServerStub.requests(carrying: draw.id)
      let request = try #require(requests.first)
      #expect(requests.count == 1)
      #expect(request.method == "POST")
      #expect(request.url == "https://raffle.invalid/draws")
      #expect(request.contentType == "application/json")
      #expect(request.json?["id"] as? String == draw.id.uuidString)
      #expect(request.json?["winner"] as? String == "Ada")
      #expect(request.json?["drawnAt"] as? String == "2026-01-01T12:00:00Z")
    #else
      // Show that the live client sends what the app always sent: one POST to
      // https://raffle.invalid/draws, with Content-Type application/json and the draw as JSON,
      // its date as ISO 8601 text. Give it `ServerStub.session(answering: 201)` (in
      // Fixtures.swift) as its URL session.
    #endif
  }

  @Test("the live client throws a server error with status 500 when the server refuses the draw")
  func theLiveClientThrowsWhenTheServerRefuses() async throws {
    #if SOLUTION
      let draw = Draw(
        id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000002")!, winner: "Grace",
        drawnAt: noon)
      await #expect(throws: RaffleServerError(statusCode: 500)) {
        try await withDependencies {
          $0.urlSession = ServerStub.session(answering: 500)
        } operation: {
          try await RaffleClient.liveValue.post(draw)
        }
      }
    #else
      // Show that the live client throws `RaffleServerError(statusCode: 500)` when the server
      // refuses the draw, so that the screen can say it was not posted.
    #endif
  }
}
