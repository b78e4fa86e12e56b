import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test func theDrawIsPosted() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    #expect(raffle.posted.value.count == 1)
  }

  @Test func theLiveClientPosts() async throws {
    let draw = Draw(
      id: UUID(uuidString: "C0FFEE00-0000-4000-8000-0000000000B1")!, winner: "Ada",
      drawnAt: noon)
    try await withDependencies {
      $0.urlSession = ServerStub.session(answering: 201)
    } operation: {
      try await RaffleClient.liveValue.post(draw)
    }
    let request = try #require(ServerStub.requests(carrying: draw.id).first)
    #expect(request.method == "POST")
    #expect(request.url == "https://raffle.invalid/draws")
  }
}
