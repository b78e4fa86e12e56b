import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test func theDrawShownIsPostedOnce() async {
    let posted = LockIsolated<[Draw]>([])
    let model = immediateRaffle(
      entrants: ["Ada", "Grace"], posted: posted, postFails: LockIsolated(false))
    await model.draw()
    #expect(posted.value == [model.lastDraw].compactMap { $0 })
    #expect(model.errorMessage == nil)
  }

  @Test func aFailedPostShowsTheErrorAndKeepsTheWinner() async {
    let model = immediateRaffle(
      entrants: ["Ada"], posted: LockIsolated([]), postFails: LockIsolated(true))
    await model.draw()
    #expect(model.errorMessage == "The draw could not be posted.")
    #expect(model.lastDraw?.winner == "Ada")
  }

  @Test func aGoodPostClearsAnEarlierError() async {
    let postFails = LockIsolated(true)
    let model = immediateRaffle(
      entrants: ["Ada"], posted: LockIsolated([]), postFails: postFails)
    await model.draw()
    postFails.setValue(false)
    await model.draw()
    #expect(model.errorMessage == nil)
  }

  @Test func theLiveClientPostsTheDrawAsJSON() async throws {
    let draw = Draw(
      id: UUID(uuidString: "C0FFEE00-0000-4000-8000-0000000000C1")!, winner: "Ada",
      drawnAt: noon)
    try await withDependencies {
      $0.urlSession = ServerStub.session(answering: 201)
    } operation: {
      try await RaffleClient.liveValue.post(draw)
    }
    let request = try #require(ServerStub.requests(carrying: draw.id).first)
    #expect(request.method == "POST")
    #expect(request.contentType == "application/json")
    #expect(request.json?["drawnAt"] as? String == "2026-01-01T12:00:00Z")
  }

  @Test func theLiveClientThrowsWhenTheServerRefuses() async {
    let draw = Draw(
      id: UUID(uuidString: "C0FFEE00-0000-4000-8000-0000000000C2")!, winner: "Ada",
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
