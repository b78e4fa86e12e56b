import Dependencies
import Foundation
import Raffle
import Testing

// The lesson's tests, one suite per step. Each makes the model with every dependency under its
// control (`LessonRaffle` in RaffleLessonSupport.swift) and drives a draw on a test clock: no
// test waits for real time, and none reaches the network.
// Run one step with `swift test --filter SuspenseLessonTests` (the suite's type name).

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseLessonTests {
  @Test func theWinnerIsOutAfterThreeSecondsOnTheClock() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    let drawing = raffle.start()
    guard await raffle.waitUntilAsleep(drawing, doing: "Drawing on a test clock.") else {
      return
    }
    lessonCheck(
      raffle.model.isDrawing,
      """
      A draw was asleep on the test clock, but `isDrawing` was false: during the suspense it \
      must be true.
      """)

    await raffle.clock.advance(by: .seconds(2))
    lessonCheck(
      raffle.model.lastDraw == nil,
      """
      A draw started and the clock moved on 2 seconds: no winner should be out yet, but \
      `lastDraw` already held one.
      """)
    lessonCheck(
      raffle.clock.pendingSleeperCount == 1,
      """
      A draw started and the clock moved on 2 seconds: the draw should still be asleep on the \
      clock for 1 more second, but nothing was asleep any more.
      """)

    guard
      await raffle.finish(
        drawing, after: .seconds(1), doing: "Drawing on a test clock, 2 s then 1 s more.")
    else { return }
    lessonCheck(
      raffle.model.lastDraw != nil,
      """
      A draw started and the clock moved on 3 seconds: the winner should be out, but \
      `lastDraw` was nil.
      """)
    lessonCheck(
      !raffle.model.isDrawing,
      """
      The clock moved on 3 seconds and the draw ended, but `isDrawing` was still true: it \
      must be false once the winner is out.
      """)
  }

  @Test func cancellingTheSuspenseLeavesNoWinner() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    let drawing = raffle.start()
    guard await raffle.waitUntilAsleep(drawing, doing: "Cancelling a draw.") else { return }

    await raffle.clock.advance(by: .seconds(1))
    drawing.cancel()
    await drawing.value
    await raffle.clock.advance(by: .seconds(5))
    lessonCheck(
      raffle.model.lastDraw == nil,
      """
      A draw was cancelled 1 second into its suspense: nobody should win, but `lastDraw` held \
      a draw.
      """)
    lessonCheck(
      raffle.posted.value.isEmpty,
      """
      A draw was cancelled 1 second into its suspense: nothing should be posted, but \
      `raffleClient.post` was called \(raffle.posted.value.count) time(s).
      """)
    lessonCheck(
      !raffle.model.isDrawing,
      """
      A draw was cancelled 1 second into its suspense: `isDrawing` should be false again, but \
      it was true.
      """)
  }
}

@MainActor
@Suite("Step 2: the draw's id and date come from dependencies")
struct StampLessonTests {
  @Test func eachDrawTakesItsIDAndDateFromDependencies() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    var ids: [UUID?] = []
    var dates: [Date?] = []
    for _ in 1...2 {
      guard await raffle.drawToTheEnd(doing: "Stamping two draws.") else { return }
      ids.append(raffle.model.lastDraw?.id)
      dates.append(raffle.model.lastDraw?.drawnAt)
    }
    lessonCheck(
      ids == [UUID(0), UUID(1)],
      """
      Two draws with the uuid dependency set to .incrementing should get the ids UUID(0), then \
      UUID(1), but they got \(ids.map(lessonShown)).
      """)
    lessonCheck(
      dates == [lessonNoon, lessonNoon],
      """
      Two draws with the date dependency fixed at noon should both be dated noon, but they were \
      dated \(dates.map(lessonShown)).
      """)
  }
}

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerLessonTests {
  @Test func theGeneratorATestGivesPicksTheWinner() async {
    let entrants = ["Ada", "Grace", "Hedy", "Katherine"]
    for seed: UInt64 in [1, 2, 3, 4, 5] {
      let raffle = LessonRaffle(
        entrants: entrants, generator: SeededRandomNumberGenerator(seed: seed))
      guard await raffle.drawToTheEnd(doing: "Picking with a seeded generator.") else { return }
      var same = SeededRandomNumberGenerator(seed: seed)
      let expected = entrants[Int.random(in: 0..<entrants.count, using: &same)]
      guard raffle.askedTheGenerator() else { return }
      lessonCheck(
        raffle.model.lastDraw?.winner == expected,
        """
        With the generator SeededRandomNumberGenerator(seed: \(seed)), \
        `Int.random(in: 0..<4, using:)` picks \(expected) from \(entrants), but the draw's \
        winner was \(lessonShown(raffle.model.lastDraw?.winner)).
        """)
    }
  }
}

@MainActor
@Suite("Step 4: the result is posted through RaffleClient")
struct PostingLessonTests {
  @Test func theDrawIsPostedThroughTheClient() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    guard await raffle.drawToTheEnd(doing: "Posting a draw.") else { return }
    let shown = raffle.model.lastDraw
    let calls = raffle.posted.value.count
    let otherDraw = calls == 1 && raffle.posted.value.first != shown
    lessonCheck(
      raffle.posted.value.count == 1 && raffle.posted.value.first == shown && shown != nil,
      """
      A draw ended with `raffleClient.post` overridden: the model should post the draw it \
      shows, once, through that endpoint, but the endpoint was called \
      \(calls) time(s)\(otherDraw ? " with another draw" : "").
      """)
    lessonCheck(
      raffle.model.errorMessage == nil,
      """
      The post succeeded, so there should be no error message, but it said \
      \(lessonShown(raffle.model.errorMessage)).
      """)
  }

  @Test func aFailedPostShowsAnError() async {
    let raffle = LessonRaffle(entrants: ["Ada", "Grace"])
    raffle.postFails.setValue(true)
    guard await raffle.drawToTheEnd(doing: "Failing to post a draw.") else { return }
    lessonCheck(
      raffle.model.errorMessage == "The draw could not be posted.",
      """
      `raffleClient.post` threw: the error message should be "The draw could not be posted.", \
      but it was \(lessonShown(raffle.model.errorMessage)).
      """)
    lessonCheck(
      raffle.model.lastDraw != nil,
      "`raffleClient.post` threw: the winner should stay on screen, but `lastDraw` was nil.")
  }

  @Test func theTestValueFailsTheTestThatPosts() async {
    @Dependency(\.raffleClient) var client
    let draw = Draw(id: UUID(0), winner: "Ada", drawnAt: lessonNoon)
    let threw = LockIsolated(false)
    let issues = await lessonIssues {
      do {
        try await client.post(draw)
      } catch {
        threw.setValue(true)
      }
    }
    let named = issues.filter { $0.hasPrefix("Unimplemented") && $0.contains("RaffleClient.post") }
    let seen =
      issues.isEmpty
      ? "it reported no issue"
      : named.isEmpty
        ? "the first issue it reported began \"\(issues[0].prefix { $0 != "\n" })\""
        : named.count == 1
          ? "it also reported \(issues.count - 1) other issue(s)"
          : "it reported that issue \(named.count) times"
    lessonCheck(
      issues.count == 1 && named.count == 1,
      """
      In a test that overrides nothing, calling `raffleClient.post` should report one issue, \
      "Unimplemented: RaffleClient.post …", but \(seen). Step 4: the client's test value \
      fails the test that calls it, by name.
      """)
    lessonCheck(
      threw.value,
      """
      In a test that overrides nothing, `raffleClient.post` returned normally: the test value \
      must throw, so that the model takes its error path instead of carrying on.
      """)
  }

  @Test func theLiveClientPostsTheDrawAsJSON() async throws {
    let draw = Draw(
      id: UUID(uuidString: "0C0FFEE0-1111-4000-8000-000000000001")!, winner: "Ada",
      drawnAt: lessonNoon)
    let outcome = await withDependencies {
      $0.context = .live
      $0.urlSession = LessonServer.session(answering: 201)
    } operation: { () async -> String? in
      @Dependency(\.raffleClient) var client
      do {
        try await client.post(draw)
        return nil
      } catch {
        return "threw \(type(of: error))"
      }
    }
    let requests = LessonServer.requests(carrying: draw.id)
    guard let request = requests.first, requests.count == 1 else {
      Issue.record(
        """
        In the live context, with `\\.urlSession` answering 201, `raffleClient.post` \
        \(outcome ?? "returned") after sending \(requests.count) request(s) with the draw \
        through that session; it should send exactly one. Step 4: the live value posts the \
        model's old request with the session of `@Dependency(\\.urlSession)`.
        """)
      return
    }
    lessonCheck(outcome == nil, "The server answered 201, but the live `post` \(outcome ?? "").")
    lessonCheck(
      request.method == "POST" && request.url == "https://raffle.invalid/draws",
      """
      The live `post` sent \(request.method ?? "no method") \(request.url ?? "no URL"); the app \
      posts its draws with POST https://raffle.invalid/draws.
      """)
    lessonCheck(
      request.contentType == "application/json",
      """
      The live `post` sent Content-Type \(lessonShown(request.contentType)); the app sends \
      \"application/json\".
      """)
    let json = LessonServer.jsonObject(request)
    let fields = [
      json?["id"] as? String, json?["winner"] as? String, json?["drawnAt"] as? String,
    ]
    lessonCheck(
      fields == [draw.id.uuidString, "Ada", lessonNoonText],
      """
      The live `post` sent a body whose id, winner and drawnAt were \(fields.map(lessonShown)); \
      the app sends the draw as JSON, its date in ISO 8601: \
      ["\(draw.id.uuidString)", "Ada", "\(lessonNoonText)"].
      """)
  }
}
