import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 2: the draw's id and date come from dependencies")
struct StampTests {
  @Test(
    "two draws take ids UUID(0) and UUID(1) from the uuid dependency, both dated noon by the date dependency"
  )
  func drawsAreStampedByTheUUIDAndDateDependencies() async throws {
    // Show that each draw takes its id from the uuid dependency and its date from the date
    // dependency: with `.incrementing` ids and a constant date, two draws get UUID(0) and
    // UUID(1), both dated exactly that date.
  }

  @Test("a draw is dated when its winner is picked, 3 seconds in, not when the draw started")
  func aDrawIsDatedWhenItsWinnerIsPicked() async throws {
    // Show that the draw is dated when its winner is picked, after the suspense, not when it
    // started. A constant date cannot tell the two apart: give the model a date generator
    // that follows the test clock (`noon` plus the seconds the clock has moved).
  }
}
