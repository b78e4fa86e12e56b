import Dependencies
import Foundation
import Raffle
import Testing

// Hidden edge cases: the edges of the suspense, dates taken after it, models that each keep
// their own dependencies, the last entrant, and the error message's life.

@MainActor
@Suite struct SuspenseEdgeCaseTests {
  @Test func nothingIsPickedJustBeforeThreeSeconds() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    let drawing = raffle.start()
    guard await raffle.waitUntilAsleep(drawing, doing: "Drawing to just before 3 s.") else {
      return
    }
    await raffle.clock.advance(by: .milliseconds(2999))
    let asleep = raffle.clock.pendingSleeperCount == 1
    let isDrawing = raffle.model.isDrawing
    let noWinner = raffle.model.lastDraw == nil
    lessonCheck(
      noWinner && isDrawing && asleep,
      """
      A draw started and the clock moved on 2.999 seconds: the draw should still be asleep, \
      drawing, with no winner out, but it was \(asleep ? "" : "not ")asleep, `isDrawing` was \
      \(isDrawing) and `lastDraw` was \(noWinner ? "nil" : "a draw").
      """)
    _ = await raffle.finish(drawing, after: .milliseconds(1), doing: "Drawing to 3 s exactly.")
    lessonCheck(
      raffle.model.lastDraw != nil,
      "The clock reached exactly 3 seconds: the winner should be out, but `lastDraw` was nil.")
  }

  @Test func anEmptyHatDrawsNothingThenEntrantsCanWin() async {
    let raffle = LessonRaffle(entrants: [])
    await raffle.model.draw()
    lessonCheck(
      raffle.model.lastDraw == nil && !raffle.model.isDrawing && raffle.posted.value.isEmpty
        && raffle.clock.pendingSleeperCount == 0,
      """
      A draw with nobody in the hat should return at once, drawing and posting nothing, but \
      `lastDraw` was \(raffle.model.lastDraw == nil ? "nil" : "a draw"), `isDrawing` was \
      \(raffle.model.isDrawing) and the client was called \(raffle.posted.value.count) time(s).
      """)
    raffle.model.entrants = ["Ada"]
    guard await raffle.drawToTheEnd(doing: "Drawing after adding an entrant.") else { return }
    lessonCheck(
      raffle.model.lastDraw?.winner == "Ada",
      """
      After an empty draw, "Ada" was put in the hat and a draw ran: she should win, but the \
      winner was \(lessonShown(raffle.model.lastDraw?.winner)).
      """)
  }
}

@MainActor
@Suite struct StampEdgeCaseTests {
  @Test func theDrawIsDatedWhenTheWinnerIsPicked() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"], dates: LessonRaffle.datesFollowing)
    guard await raffle.drawToTheEnd(doing: "Dating a draw on a moving date.") else { return }
    let expected = lessonNoon.addingTimeInterval(3)
    lessonCheck(
      raffle.model.lastDraw?.drawnAt == expected,
      """
      With a date dependency that follows the test clock (noon when the draw starts), the \
      draw should be dated when its winner is picked, after the suspense: noon + 3.0 s. It \
      was dated \(lessonShown(raffle.model.lastDraw?.drawnAt)).
      """)
  }

  @Test func eachModelUsesTheDependenciesItWasMadeWith() async {
    let first = LessonRaffle(entrants: ["Ada"], uuid: .incrementing)
    let second = LessonRaffle(entrants: ["Grace"], uuid: .constant(UUID(7)))
    guard await first.drawToTheEnd(doing: "Drawing with two models."),
      await second.drawToTheEnd(doing: "Drawing with two models.")
    else { return }
    let ids = [first.model.lastDraw?.id, second.model.lastDraw?.id]
    lessonCheck(
      ids == [UUID(0), UUID(7)],
      """
      Two models were made, one with .incrementing ids, one with .constant(UUID(7)): each \
      should stamp its draw with its own generator, UUID(0) and UUID(7), but they got \
      \(ids.map(lessonShown)).
      """)
  }
}

@MainActor
@Suite struct WinnerEdgeCaseTests {
  @Test func theLastEntrantCanWin() async {
    let entrants = ["Ada", "Grace", "Hedy"]
    let raffle = LessonRaffle(entrants: entrants, generator: LessonHighestGenerator())
    guard await raffle.drawToTheEnd(doing: "Drawing with the highest numbers."),
      raffle.askedTheGenerator()
    else { return }
    lessonCheck(
      raffle.model.lastDraw?.winner == "Hedy",
      """
      With a generator that always gives the highest number, `Int.random(in: 0..<3, using:)` \
      picks the last of \(entrants), "Hedy", but the winner was \
      \(lessonShown(raffle.model.lastDraw?.winner)).
      """)
  }

  @Test func aSingleEntrantWins() async {
    let raffle = LessonRaffle(entrants: ["Ada"])
    guard await raffle.drawToTheEnd(doing: "Drawing from a hat of one.") else { return }
    lessonCheck(
      raffle.model.lastDraw?.winner == "Ada",
      """
      With only "Ada" in the hat, she should win, but the winner was \
      \(lessonShown(raffle.model.lastDraw?.winner)).
      """)
  }
}

@MainActor
@Suite struct PostingEdgeCaseTests {
  @Test func aFailedPostKeepsTheWholeDrawOnScreen() async {
    let raffle = LessonRaffle(entrants: ["Ada"])
    raffle.postFails.setValue(true)
    guard await raffle.drawToTheEnd(doing: "Failing to post a draw.") else { return }
    let expected = Draw(id: UUID(0), winner: "Ada", drawnAt: lessonNoon)
    let shown = raffle.model.lastDraw == expected ? "that draw" : "not that draw"
    lessonCheck(
      raffle.model.lastDraw == expected && raffle.posted.value == [expected],
      """
      A draw of "Ada" (UUID(0), noon) failed to post: the model should have tried to post \
      that draw, once, and kept it on screen, but it tried \(raffle.posted.value.count) \
      time(s) and `lastDraw` was \(shown).
      """)
  }

  @Test func aGoodPostClearsAnEarlierError() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    raffle.postFails.setValue(true)
    guard await raffle.drawToTheEnd(doing: "Failing, then posting.") else { return }
    raffle.postFails.setValue(false)
    guard await raffle.drawToTheEnd(doing: "Failing, then posting.") else { return }
    lessonCheck(
      raffle.model.errorMessage == nil,
      """
      A post failed, then the next draw's post succeeded: the error message should be gone, \
      but it still said \(lessonShown(raffle.model.errorMessage)).
      """)
    lessonCheck(
      raffle.posted.value.map(\.id) == [UUID(0), UUID(1)],
      """
      Two draws ran: each should be posted once, UUID(0) then UUID(1), but the client got \
      \(raffle.posted.value.map { lessonShown($0.id) }).
      """)
  }
}
