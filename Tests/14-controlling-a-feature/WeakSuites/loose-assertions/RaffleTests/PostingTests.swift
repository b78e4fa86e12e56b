import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: the posts are looked for with `contains`, an error message is only "not nil"
// and a cleared one only "not the error text", the draw kept on screen only "not nil", the live
// client's request is checked with `!= nil`, `>=` and `contains`, and its refusal by any error.

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test("a draw posts exactly the draw it shows, once, and shows no error when the post succeeds")
  func theDrawShownIsPostedOnce() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    try await raffle.drawToTheEnd()
    let shown = try #require(raffle.model.lastDraw)
    #expect(raffle.posted.value.contains(shown))
    #expect(raffle.model.errorMessage != "The draw could not be posted.")
  }

  @Test(
    "a failed post shows exactly \"The draw could not be posted.\" and keeps the winner on screen")
  func aFailedPostShowsTheErrorAndKeepsTheWinner() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada"])
    raffle.postFails.setValue(true)
    try await raffle.drawToTheEnd()
    #expect(raffle.model.errorMessage != nil)
    #expect(raffle.model.lastDraw != nil)
  }

  @Test("a good post after a failed one clears the error message")
  func aGoodPostClearsAnEarlierError() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    raffle.postFails.setValue(true)
    try await raffle.drawToTheEnd()
    raffle.postFails.setValue(false)
    try await raffle.drawToTheEnd()
    #expect(raffle.model.errorMessage != "The draw could not be posted.")
  }

  @Test(
    "the live client sends one POST of the draw as JSON to https://raffle.invalid/draws, its date in ISO 8601"
  )
  func theLiveClientPostsTheDrawAsJSON() async throws {
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
    #expect(requests.count >= 1)
    #expect(request.method != nil)
    #expect(request.url?.contains("raffle.invalid") == true)
    #expect(request.contentType?.contains("json") == true)
    #expect(request.json?["id"] != nil)
    #expect(request.json?["winner"] != nil)
    #expect(request.json?["drawnAt"] != nil)
  }

  @Test("the live client throws a server error with status 500 when the server refuses the draw")
  func theLiveClientThrowsWhenTheServerRefuses() async throws {
    let draw = Draw(
      id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000002")!, winner: "Grace",
      drawnAt: noon)
    await #expect(throws: (any Error).self) {
      try await withDependencies {
        $0.urlSession = ServerStub.session(answering: 500)
      } operation: {
        try await RaffleClient.liveValue.post(draw)
      }
    }
  }
}
