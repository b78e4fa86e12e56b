import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingTests {
  @Test func theDrawShownIsPostedOnce() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    raffle.postFails.setValue(true)
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    _ = raffle.model.errorMessage
  }

  @Test func theLiveClientPostsTheDrawAsJSON() async {
    let draw = Draw(
      id: UUID(uuidString: "C0FFEE00-0000-4000-8000-0000000000A1")!, winner: "Ada",
      drawnAt: noon)
    try? await withDependencies {
      $0.urlSession = ServerStub.session(answering: 500)
    } operation: {
      try await RaffleClient.liveValue.post(draw)
    }
  }
}
