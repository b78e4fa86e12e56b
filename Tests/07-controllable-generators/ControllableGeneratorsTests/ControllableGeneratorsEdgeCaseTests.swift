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
      A copy of an `.incrementing` generator, used in turn with the original, did not continue \
      the same count (UUID(0), UUID(1), UUID(2), UUID(3)), or the count did not start at 0 \
      after another generator had been used. Copies share the counter they were made with; \
      other uses of `.incrementing` have their own (Step 2).
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
      The 16th, 17th and 300th calls of a new `.incrementing` generator did not return UUID(15), \
      UUID(16) and UUID(299) (…000F, …0010, …012B), although another generator had been used \
      before it. Count with an `Int` of this generator's own, from 0, and turn it into a UUID \
      with the given `UUID(_:)` (Step 2).
      """)
  }

  @Test func keepsCountingAfterManyTasks() async {
    let unrelated = ControllableGenerators.UUIDGenerator.incrementing
    _ = unrelated()
    let uuid = ControllableGenerators.UUIDGenerator.incrementing
    let ids = await fromManyTasks(1_000) { uuid() }
    let next = uuid()
    let allHandedOut = Set(ids) == Set((0..<1_000).map { UUID($0) }) && next == UUID(1_000)
    #expect(
      allHandedOut,
      """
      After 1000 tasks called one `.incrementing` generator at once, they did not hold UUID(0) \
      to UUID(999) between them, or the next call did not return UUID(1000). Every call must \
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
      100 tasks calling `.constant(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)` at once did not all get \
      that UUID. `.constant` returns its parameter on every call, from any task (Step 1).
      """)
  }
}

struct DateGeneratorEdgeCaseTests {
  @Test func settingNowLeavesOtherCopiesAlone() {
    let original = ControllableGenerators.DateGenerator.constant(Date(timeIntervalSince1970: 1))
    var copy = original
    copy.now = Date(timeIntervalSince1970: 2)
    #expect(
      original.now == Date(timeIntervalSince1970: 1) && copy.now == Date(timeIntervalSince1970: 2),
      """
      After setting `now` on a copy of a DateGenerator, the original and the copy did not read \
      1 and 2 seconds after 1970. Setting `now` changes only the value it is set on: store the \
      closure in a `var` of the struct, not in anything shared (Step 3).
      """)
  }

  @Test func settingNowAgainMovesThePin() {
    var date = tickingDates()
    date.now = Date(timeIntervalSince1970: 100)
    let first = date.now
    date.now = Date(timeIntervalSince1970: 200)
    let second = [date.now, date()]
    #expect(
      first == Date(timeIntervalSince1970: 100)
        && second == [Date(timeIntervalSince1970: 200), Date(timeIntervalSince1970: 200)],
      """
      Setting `now` to 100 and later to 200 seconds after 1970 did not make reads return 100, \
      then 200. Each assignment replaces the stored closure with one returning the new date \
      (Step 3).
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
      100 tasks reading `now` at once from `.constant(1938-04-24 22:13:20 UTC)` did not all get \
      that date. The closure of `.constant` returns its parameter, whoever reads it (Step 3).
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
      A WithRandomNumberGenerator and its copy, wrapping a generator that returns 0, 1, 2, …, did \
      not draw 0, 1, 2 in turn. Copies must share the one generator: a `LockIsolated` is a \
      class, so copying the struct copies a reference to it (Step 5).
      """)
  }

  @Test func whatWasDrawnStaysDrawnWhenWorkThrows() {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    #expect(
      throws: Folded.self,
      "A call whose `work` threw did not rethrow the error (Step 5)."
    ) {
      try random { generator in
        _ = generator.next()
        throw Folded()
      }
    }
    let next = random { $0.next() }
    #expect(
      next == 1,
      """
      After a call drew 0 and then threw, the next call did not draw 1 from a generator that \
      returns 0, 1, 2, …. Numbers drawn before an error stay drawn: `withValue` keeps the \
      advanced generator even when `work` throws, as long as you lend it with `&` (Step 5).
      """)
  }

  @Test func replayableCopiesContinueIndependently() {
    var original = ControllableGenerators.ReplayableRandomNumberGenerator(state: 0)
    _ = original.next()
    var copy = original
    let fromOriginal = [original.next(), original.next()]
    let fromCopy = [copy.next(), copy.next()]
    #expect(
      fromOriginal == [0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F]
        && fromCopy == fromOriginal,
      """
      A generator from state 0 was advanced once and copied; the original and the copy did not \
      both continue with SplitMix64's second and third numbers. The state is an ordinary stored \
      `var`, so a copy continues from where the original was (Step 4).
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
      Over three rounds, one game gave the same turn order more than once. Each call must \
      continue the shared generator, not a fresh copy of it (Step 5).
      """)
  }
}
