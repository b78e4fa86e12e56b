import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerTests {
  @Test(
    "the model asks the random number generator, and the winner is the entrant the same seed picks",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aSeededGeneratorDecidesTheWinner(seed: UInt64) async throws {
    // Show that the generator a test gives decides the winner: the model asks it for a number,
    // and with a seeded generator the winner is the entrant that
    // `Int.random(in: 0..<count, using:)` picks with the same seed. Check several seed values:
    // one could pick the right entrant by luck.
  }

  @Test("the last entrant wins when the generator gives the highest number")
  func theLastEntrantCanWin() async throws {
    // Show that every entrant can win, the last one too: `HighestGenerator` (in
    // Fixtures.swift) makes `Int.random(in:using:)` pick the top of its range.
  }

  @Test("a raffle with a single entrant draws that entrant as the winner")
  func aSingleEntrantWins() async throws {
    // Show that a raffle with a single entrant still draws, and that entrant wins.
  }
}
