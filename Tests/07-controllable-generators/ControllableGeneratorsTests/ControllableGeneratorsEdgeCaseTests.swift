import ConcurrencyExtras
import ControllableGenerators
import Foundation
import Testing

// Edge cases graded on top of the lesson's tests.

struct UUIDGeneratorEdgeCaseTests {
  @Test func copiesOfOneGeneratorShareItsCount() {
    let unrelated = ControllableGenerators.UUIDGenerator.incrementing
    _ = unrelated()
    let original = ControllableGenerators.UUIDGenerator.incrementing
    let copy = original
    let ids = [original(), copy(), original(), copy()]
    #expect(
      ids == [UUID(0), UUID(1), UUID(2), UUID(3)],
      """
      A new `.incrementing` generator and a copy of it, called in turn (original, copy, original, \
      copy) after another `.incrementing` generator had been used, returned \
      \(shownFromIncrementing(ids)) instead of UUID(0), UUID(1), UUID(2), UUID(3). Copies share \
      the counter they were made with; other uses of `.incrementing` have their own (Step 2).
      """)
  }

  @Test func countsPastOneHexDigit() {
    let unrelated = ControllableGenerators.UUIDGenerator.incrementing
    _ = unrelated()
    let uuid = ControllableGenerators.UUIDGenerator.incrementing
    let ids = (0..<300).map { _ in uuid() }
    let spelled =
      ids[15].uuidString == "00000000-0000-0000-0000-00000000000F"
      && ids[16].uuidString == "00000000-0000-0000-0000-000000000010"
      && ids[299].uuidString == "00000000-0000-0000-0000-00000000012B"
    #expect(
      spelled,
      """
      The 16th, 17th and 300th calls of a new `.incrementing` generator, made after another \
      generator had been used, returned \(spelledFromIncrementing([ids[15], ids[16], ids[299]])) \
      instead of UUID(15), UUID(16) and UUID(299) (…000F, …0010, …012B). \
      Count with an `Int` of this generator's own, from 0, and turn it into a UUID with the given \
      `UUID(_:)` (Step 2).
      """)
  }

  @Test func keepsCountingAfterManyTasks() async {
    let unrelated = ControllableGenerators.UUIDGenerator.incrementing
    _ = unrelated()
    let uuid = ControllableGenerators.UUIDGenerator.incrementing
    let ids = await fromManyTasks(1_000) { uuid() }
    let next = uuid()
    let expected = Set((0..<1_000).map { UUID($0) })
    /// What the tasks got, in words that are the same on every run.
    func got() -> String {
      if ids.contains(where: isRandom) { return "between them they got \(shown(ids))" }
      if Set(ids).count < ids.count { return "some of them got the same UUID" }
      if incrementingSharesACounter() {
        return "between them they got \(shownFromIncrementing(ids))"
      }
      return """
        between them they held 1000 different UUIDs, \(Set(ids).intersection(expected).count) \
        of them among UUID(0) to UUID(999)
        """
    }
    #expect(
      Set(ids) == expected,
      """
      1000 tasks called one new `.incrementing` generator at once, after another generator had \
      been used; \(got()), instead of exactly UUID(0) to UUID(999). Every call must take exactly \
      one number from the generator's own counter, under its lock (Step 2).
      """)
    #expect(
      next == UUID(1_000),
      """
      After 1000 tasks got UUID(0) to UUID(999) from one `.incrementing` generator at once, the \
      next call returned \(shownFromIncrementing([next])) instead of UUID(1000). Every call must \
      take exactly one number from the generator's own counter, under its lock (Step 2).
      """)
  }

  @Test func constantIsTheSameFromManyTasks() async {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let uuid = ControllableGenerators.UUIDGenerator.constant(id)
    let ids = await fromManyTasks(100) { uuid() }
    let allTheSame = Set(ids) == [id]
    #expect(
      allTheSame,
      """
      100 tasks called `.constant(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)` at once, and \
      \(ids.filter { $0 == id }.count) of them got that UUID instead of all 100. `.constant` \
      returns its parameter on every call, from any task (Step 1).
      """)
  }
}

struct DateGeneratorEdgeCaseTests {
  @Test func settingNowLeavesOtherCopiesAlone() {
    let original = ControllableGenerators.DateGenerator.constant(Date(timeIntervalSince1970: 1))
    var copy = original
    copy.now = Date(timeIntervalSince1970: 2)
    let fromOriginal = original.now
    let cause =
      fromOriginal == Date(timeIntervalSince1970: 2)
      ? """
      Setting `now` changes only the value it is set on: store the closure in a `var` of the \
      struct, not in anything shared (Step 3).
      """
      : """
      Reading `now` runs the stored closure, `.constant` returns its parameter, and setting \
      `now` on a copy must not change the original (Step 3).
      """
    #expect(
      fromOriginal == Date(timeIntervalSince1970: 1),
      """
      A DateGenerator made with `.constant(1970-01-01 00:00:01 +0000)` was copied, and the \
      copy's `now` was set to 1970-01-01 00:00:02 +0000; the original then read \
      \(shown(fromOriginal)) instead of 1970-01-01 00:00:01 +0000. \(cause)
      """)
    #expect(
      copy.now == Date(timeIntervalSince1970: 2),
      """
      After `now` was set to 1970-01-01 00:00:02 +0000 on a copy of a DateGenerator, the copy read \
      \(shown(copy.now)). Setting `now` replaces the copy's own closure with one returning the new \
      date (Step 3).
      """)
  }

  @Test func settingNowAgainMovesThePin() {
    var date = tickingDates()
    date.now = Date(timeIntervalSince1970: 100)
    let first = date.now
    date.now = Date(timeIntervalSince1970: 200)
    let second = [date.now, date()]
    #expect(
      first == Date(timeIntervalSince1970: 100),
      """
      After `now` was set to 1970-01-01 00:01:40 +0000 (100 seconds after 1970), reading it gave \
      \(shown(first)). Setting `now` replaces the stored closure with one returning the new date, \
      and reading `now` runs it (Step 3).
      """)
    #expect(
      second == [Date(timeIntervalSince1970: 200), Date(timeIntervalSince1970: 200)],
      """
      `now` was set to 100 seconds after 1970 and read back, then set to 1970-01-01 00:03:20 +0000 \
      (200 seconds after 1970); reading `now` and calling the generator then gave \(shown(second)) \
      instead of that date both times. Every assignment replaces the stored closure again (Step \
      3).
      """)
  }

  @Test func constantFromManyTasks() async {
    let distantPast = Date(timeIntervalSince1970: -1_000_000_000)
    let date = ControllableGenerators.DateGenerator.constant(distantPast)
    let dates = await fromManyTasks(100) { date.now }
    let allTheSame = Set(dates) == [distantPast]
    #expect(
      allTheSame,
      """
      100 tasks read `now` at once from `.constant(1938-04-24 22:13:20 UTC)`, and \
      \(dates.filter { $0 == distantPast }.count) of them got that date instead of all 100. The \
      closure of `.constant` returns its parameter, whoever reads it (Step 3).
      """)
  }
}

struct RandomEdgeCaseTests {
  /// Thrown from inside a call, after drawing.
  struct Folded: Error {}

  @Test func copiesShareOneGenerator() {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    let copy = random
    let drawn = [random { $0.next() }, copy { $0.next() }, random { $0.next() }]
    #expect(
      drawn == [0, 1, 2],
      """
      A WithRandomNumberGenerator and its copy, wrapping a generator that returns 0, 1, 2, …, drew \
      \(shownDrawn(drawn)) in turn (original, copy, original) instead of 0, 1, 2. Every call, from \
      the value or from any copy of it, must draw from the one generator passed to `init`: kept in \
      a `LockIsolated`, a class, so copying the struct copies a reference to it (Step 5).
      """)
  }

  @Test func whatWasDrawnStaysDrawnWhenWorkThrows() {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    let drawnFirst = LockIsolated<UInt64?>(nil)
    #expect(
      throws: Folded.self,
      "A call whose `work` threw did not rethrow the error (Step 5)."
    ) {
      try random { generator in
        let number = generator.next()
        drawnFirst.setValue(number)
        throw Folded()
      }
    }
    let next = random { $0.next() }
    #expect(
      next == 1,
      """
      Wrapping a generator that returns 0, 1, 2, …, a call drew \
      \(drawnFirst.value.map { shownDrawn([$0]) } ?? "nothing") and then threw; the next call drew \
      \(shownDrawn([next])) instead of 1. Every call must draw from the generator passed to \
      `init`, and numbers drawn before an error stay drawn: `withValue` keeps the advanced \
      generator even when `work` throws, as long as you lend it with `&` (Step 5).
      """)
  }

  @Test func replayableCopiesContinueIndependently() {
    var original = ControllableGenerators.ReplayableRandomNumberGenerator(state: 0)
    _ = original.next()
    var copy = original
    let fromOriginal = [original.next(), original.next()]
    let fromCopy = [copy.next(), copy.next()]
    #expect(
      fromOriginal == [0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F],
      """
      A generator from state 0 drew one number and was copied; the original's next two numbers \
      were not SplitMix64's second and third, 0x6E789E6AA1B965F4 and 0x06C45D188009454F, but \
      \(shownReplayable(fromOriginal, state: 0, skipping: 1)). `next()` must follow SplitMix64 \
      from the stored state and keep the advanced state (Step 4).
      """)
    #expect(
      fromCopy == fromOriginal,
      """
      A generator from state 0 drew one number and was copied; the original then drew \
      \(hex(fromOriginal)), SplitMix64's second and third numbers, but the copy drew \
      \(hex(fromCopy)). The state is an ordinary stored `var`, so a copy continues from where \
      the original was (Step 4).
      """)
  }

  @Test func theGameShufflesTurnsTheSameWayEachRun() {
    let players = (1...12).map { "Player \($0)" }
    func threeRounds(state: UInt64) -> [[String]] {
      let game = DiceGame(
        withRandomNumberGenerator: ControllableGenerators.WithRandomNumberGenerator(
          ControllableGenerators.ReplayableRandomNumberGenerator(state: state)))
      return (0..<3).map { _ in game.turnOrder(of: players) }
    }
    let first = threeRounds(state: 99)
    let second = threeRounds(state: 99)
    let replayed = first == second
    let roundsDiffer = Set(first).count == 3
    #expect(
      replayed,
      """
      Two games made with generators from the same state shuffled 12 players' turns differently \
      over three rounds. Every call must draw from the generator given to `init` (Steps 4 and 5).
      """)
    #expect(
      roundsDiffer,
      """
      Over three rounds, one game gave only \(Set(first).count) different turn orders: the same \
      order came more than once. Each call must continue the shared generator, not a fresh copy of \
      it (Step 5).
      """)
  }
}
