import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: each test checks one value: the first draw posted (not that it was posted
// once, nor that no error shows), the error message of a failed post (not the draw kept on
// screen), and only the method of the live client's request (not its address, header, count
// or body).

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test("a draw posts exactly the draw it shows, once, and shows no error when the post succeeds")
  func theDrawShownIsPostedOnce() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    try await raffle.drawToTheEnd()
    let shown = try #require(raffle.model.lastDraw)
    #expect(raffle.posted.value.first == shown)
  }

  @Test(
    "a failed post shows exactly \"The draw could not be posted.\" and keeps the winner on screen")
  func aFailedPostShowsTheErrorAndKeepsTheWinner() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada"])
    raffle.postFails.setValue(true)
    try await raffle.drawToTheEnd()
    #expect(raffle.model.errorMessage == "The draw could not be posted.")
  }

  @Test("a good post after a failed one clears the error message")
  func aGoodPostClearsAnEarlierError() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    raffle.postFails.setValue(true)
    try await raffle.drawToTheEnd()
    raffle.postFails.setValue(false)
    try await raffle.drawToTheEnd()
    #expect(raffle.model.errorMessage == nil)
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
    #expect(request.method == "POST")
  }

  @Test("the live client throws a server error with status 500 when the server refuses the draw")
  func theLiveClientThrowsWhenTheServerRefuses() async throws {
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
  }
}
