import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aSeededGeneratorDecidesTheWinner(seed: UInt64) async {
    let entrants = ["Ada", "Grace", "Hedy", "Katherine"]
    let numbersAsked = LockIsolated(0)
    let model = immediateRaffle(
      entrants: entrants,
      generator: CountingGenerator(
        base: SeededRandomNumberGenerator(seed: seed), calls: numbersAsked),
      posted: LockIsolated([]), postFails: LockIsolated(false))
    await model.draw()
    #expect(numbersAsked.value > 0)
    var same = SeededRandomNumberGenerator(seed: seed)
    #expect(model.lastDraw?.winner == entrants.randomElement(using: &same))
  }

  @Test func theLastEntrantCanWin() async {
    let model = immediateRaffle(
      entrants: ["Ada", "Grace", "Hedy"], generator: HighestGenerator(),
      posted: LockIsolated([]), postFails: LockIsolated(false))
    await model.draw()
    #expect(model.lastDraw?.winner == "Hedy")
  }

  @Test func aSingleEntrantWins() async {
    let model = immediateRaffle(
      entrants: ["Ada"], posted: LockIsolated([]), postFails: LockIsolated(false))
    await model.draw()
    #expect(model.lastDraw?.winner == "Ada")
  }
}
