import ConcurrencyExtras
import ControllableGenerators
import Foundation
import Testing

// The lesson's tests, in the order of its steps. They name your module
// (`ControllableGenerators.UUIDGenerator`, …) wherever the library has a type of the same name,
// so only your code can make them pass.

@Suite("Step 1: a UUIDGenerator runs its closure, and .constant repeats one UUID")
struct CallableUUIDGeneratorTests {
  @Test func callingRunsTheClosureEveryTime() {
    let calls = LockIsolated(0)
    let uuid = ControllableGenerators.UUIDGenerator {
      calls.withValue { count in
        count += 1
        return UUID(count)
      }
    }
    let ids = [uuid(), uuid(), uuid()]
    #expect(
      calls.value == 3,
      """
      Calling a UUIDGenerator 3 times ran its closure \(calls.value) times; it should run the \
      closure once per call. Keep the closure in a stored property in `init` and call it in \
      `callAsFunction` (Step 1).
      """)
    #expect(
      ids == [UUID(1), UUID(2), UUID(3)],
      """
      The generator's closure made UUID(1), UUID(2) and UUID(3), but calling the generator \
      returned \(shown(ids)). `callAsFunction` must return exactly what the closure returns \
      (Step 1).
      """)
  }

  @Test func constantAlwaysReturnsItsUUID() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let uuid = ControllableGenerators.UUIDGenerator.constant(id)
    let ids = [uuid(), uuid(), uuid()]
    #expect(
      ids == [id, id, id],
      """
      `.constant(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)`, called 3 times, returned \
      \(shown(ids)); it should return that UUID on every call. Calling a generator runs its \
      closure, and `.constant` must build one whose closure returns its parameter (Step 1).
      """)
  }

  @Test func theModelGetsItsIdentifiersFromTheGenerator() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let model = TodosModel(
      uuid: .constant(id), date: .constant(Date(timeIntervalSince1970: 0)))
    model.addTodo("Buy milk")
    #expect(
      model.todos.map(\.id) == [id],
      """
      A to-do list given `uuid: .constant(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)` gave its new \
      to-do the identifier \(model.todos.first.map { shown($0.id) } ?? "none"). The model calls \
      `uuid()`, so calling a `.constant` generator must return the UUID it was made with (Step 1).
      """)
  }
}

@Suite("Step 2: .incrementing counts from 0, with a new count for each use, from many tasks")
struct IncrementingTests {
  @Test func countsUpFromZeroForEachUse() {
    let first = ControllableGenerators.UUIDGenerator.incrementing
    let second = ControllableGenerators.UUIDGenerator.incrementing
    let firstIDs = [first(), first()]
    let secondIDs = [second(), second()]
    let thirdID = first()
    let fromFirst = firstIDs.map(\.uuidString)
    let fromSecond = secondIDs.map(\.uuidString)
    let third = thirdID.uuidString
    #expect(
      fromFirst == [
        "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      ],
      """
      The first two calls of a new `.incrementing` generator returned \
      \(shownFromIncrementing(firstIDs)) instead of UUID(0) and then UUID(1). Start a counter at \
      0, return `UUID(count)` and add 1 on every call (Step 2).
      """)
    #expect(
      fromSecond == [
        "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      ],
      """
      A second `.incrementing` generator, used after another one had returned UUID(0) and UUID(1), \
      returned \(shownFromIncrementing(secondIDs)) instead of starting again at UUID(0) and \
      UUID(1). Every read of `.incrementing` must make a brand-new counter: create it inside the \
      computed property, not in a `static let` or a global (Step 2).
      """)
    #expect(
      third == "00000000-0000-0000-0000-000000000002",
      """
      After the second generator was used, the first one's third call returned \
      \(shownFromIncrementing([thirdID])) instead of UUID(2). Each generator keeps its own count; \
      using one must not move another (Step 2).
      """)
  }

  @Test func eachTodoListNumbersItsTodosFromZero() {
    let noon = Date(timeIntervalSince1970: 43_200)
    let groceries = TodosModel(uuid: .incrementing, date: .constant(noon))
    let chores = TodosModel(uuid: .incrementing, date: .constant(noon))
    groceries.addTodo("Milk")
    groceries.addTodo("Eggs")
    chores.addTodo("Vacuum")
    groceries.addTodo("Bread")
    #expect(
      groceries.todos.map(\.id) == [UUID(0), UUID(1), UUID(2)],
      """
      A to-do list made with `uuid: .incrementing` gave its three to-dos \
      \(shownFromIncrementing(groceries.todos.map(\.id))) instead of UUID(0), UUID(1), UUID(2), \
      with another list adding a to-do in between. Each use of `.incrementing` needs its own \
      counter, starting at 0 (Step 2).
      """)
    #expect(
      chores.todos.map(\.id) == [UUID(0)],
      """
      A second to-do list made with `uuid: .incrementing` gave its first to-do \
      \(shownFromIncrementing(chores.todos.map(\.id))) instead of UUID(0). The counter must be new \
      for every use of `.incrementing`, not shared (Step 2).
      """)
  }

  @Test func manyTasksGetEveryUUIDExactlyOnce() async {
    let first = ControllableGenerators.UUIDGenerator.incrementing
    let second = ControllableGenerators.UUIDGenerator.incrementing
    async let fromFirst = fromManyTasks(500) { first() }
    async let fromSecond = fromManyTasks(500) { second() }
    let (firstIDs, secondIDs) = await (fromFirst, fromSecond)
    let expected = Set((0..<500).map { UUID($0) })
    let noDuplicates =
      firstIDs.count == Set(firstIDs).count && secondIDs.count == Set(secondIDs).count
    let eachGotZeroTo499 = Set(firstIDs) == expected && Set(secondIDs) == expected
    #expect(
      noDuplicates,
      """
      Two `.incrementing` generators, each called by 500 tasks at the same time, handed the same \
      UUID to more than one task. Read and bump the count inside ONE `withValue` of a \
      `LockIsolated`, so no two calls can see the same count (Step 2).
      """)
    /// What the tasks got, in words that are the same on every run.
    func got() -> String {
      let both = firstIDs + secondIDs
      if both.contains(where: isRandom) { return "they handed out \(shown(both))" }
      if incrementingSharesACounter() { return "they handed out \(shownFromIncrementing(both))" }
      return """
        \(firstIDs.filter(expected.contains).count) and \
        \(secondIDs.filter(expected.contains).count) of their 500 UUIDs were in that range
        """
    }
    #expect(
      eachGotZeroTo499,
      """
      Two `.incrementing` generators, each called by 500 tasks at the same time, should each hand \
      out exactly UUID(0) to UUID(499), in any order; \(got()). Give every use its own counter, \
      and read and bump it inside one `withValue` of a `LockIsolated` (Step 2).
      """)
  }
}

@Suite("Step 3: a DateGenerator reads its closure, and .constant or setting now stops time")
struct DateGeneratorTests {
  @Test func callingAndReadingNowRunTheClosure() {
    let date = tickingDates()
    let dates = [date(), date.now, date(), date.now]
    #expect(
      dates == (0..<4).map { Date(timeIntervalSince1970: Double($0)) },
      """
      A DateGenerator whose closure moves one second forward on each run, starting at 1970, was \
      called, read through `now`, called and read again; it gave \(shown(dates)) instead of 0, 1, \
      2 and 3 seconds after 1970 (1970-01-01 00:00:00 +0000 to 00:00:03 +0000). Both \
      `callAsFunction` and `now` must run the stored closure once (Step 3).
      """)
  }

  @Test func constantAlwaysReturnsItsDate() {
    let launch = Date(timeIntervalSince1970: 1_234_567_890)
    let date = ControllableGenerators.DateGenerator.constant(launch)
    let dates = [date.now, date(), date.now]
    #expect(
      dates == [launch, launch, launch],
      """
      `.constant(2009-02-13 23:31:30 UTC)`, read through `now`, a call and `now` again, gave \
      \(shown(dates)); it should give that date on every read. Reading `now` and calling the \
      generator run its closure, and the closure of `.constant` must return the parameter `now`, \
      not the current time (Step 3).
      """)
  }

  @Test func settingNowPinsTheDate() {
    let launch = Date(timeIntervalSince1970: 1_234_567_890)
    var date = tickingDates()
    let before = date.now
    date.now = launch
    let after = [date.now, date(), date.now]
    #expect(
      before == Date(timeIntervalSince1970: 0),
      """
      Before `now` was set, reading it gave \(shown(before)) instead of 1970-01-01 00:00:00 +0000, \
      the first date of the generator's closure. The getter of `now` must run the stored closure \
      (Step 3).
      """)
    #expect(
      after == [launch, launch, launch],
      """
      After `date.now = 2009-02-13 23:31:30 UTC`, reading `now`, calling the generator and reading \
      `now` again gave \(shown(after)). The setter must replace the stored closure with one that \
      always returns the new date (Step 3).
      """)
  }

  @Test func theModelStampsEachTodoWithNow() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let model = TodosModel(uuid: .constant(id), date: tickingDates())
    model.addTodo("Milk")
    model.addTodo("Eggs")
    #expect(
      model.todos.map(\.createdAt) == [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1),
      ],
      """
      A to-do list whose date generator ticks one second per read, from 1970, stamped its two \
      to-dos with \(shown(model.todos.map(\.createdAt))) instead of 1970-01-01 00:00:00 +0000 and \
      00:00:01 +0000. The model reads `date.now`; that read must run the generator's closure \
      (Step 3).
      """)
  }
}

@Suite("Step 4: the same state replays the same random numbers")
struct ReplayableGeneratorTests {
  @Test func producesTheSplitMix64Sequence() {
    var zero = ControllableGenerators.ReplayableRandomNumberGenerator(state: 0)
    let fromZero = [zero.next(), zero.next()]
    var other = ControllableGenerators.ReplayableRandomNumberGenerator(state: 1_234_567)
    let fromOther = (0..<5).map { _ in other.next() }
    #expect(
      fromZero == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4],
      """
      Starting from state 0, the first two numbers were not 0xE220A8397B1DCDAF and \
      0x6E789E6AA1B965F4, SplitMix64's published ones, but \(shownReplayable(fromZero, state: 0)). \
      Follow the 5 steps of SplitMix64 in `next()` exactly, with wrapping arithmetic, and keep the \
      new state (Step 4).
      """)
    #expect(
      fromOther == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ],
      """
      Starting from state 1234567, the first five numbers were not SplitMix64's (while state 0 \
      gave the right ones), but \(shownReplayable(fromOther, state: 1_234_567) { "\($0)" }). Store \
      the state from `init(state:)` and, in `next()`, advance it before mixing a copy (Step 4).
      """)
  }

  @Test(arguments: [0, 1, 42, UInt64.max])
  func sameStateGivesTheSameSequence(state: UInt64) {
    var first = ControllableGenerators.ReplayableRandomNumberGenerator(state: state)
    var second = ControllableGenerators.ReplayableRandomNumberGenerator(state: state)
    let firstNumbers = (0..<100).map { _ in first.next() }
    let secondNumbers = (0..<100).map { _ in second.next() }
    let replayed = firstNumbers == secondNumbers
    let neverRepeats = Set(firstNumbers).count == 100
    #expect(
      replayed,
      """
      Two generators made with the same state (\(state)) drew different numbers. Everything \
      `next()` returns must come from the stored state alone, never from the system's \
      randomness (Step 4).
      """)
    #expect(
      neverRepeats,
      """
      100 numbers drawn from state \(state) held only \(Set(firstNumbers).count) different values. \
      `next()` must move the stored state forward on every call (add the constant to it and keep \
      the result), then mix a copy of it (Step 4).
      """)
  }

  @Test func differentStatesGiveDifferentSequences() {
    func sequences() -> [[UInt64]] {
      (0..<10).map { state in
        var generator = ControllableGenerators.ReplayableRandomNumberGenerator(
          state: UInt64(state))
        return (0..<8).map { _ in generator.next() }
      }
    }
    let first = sequences()
    let replayed = first == sequences()
    let allDifferent = Set(first).count == 10
    #expect(
      replayed,
      """
      Generators made with the states 0 to 9, made a second time, drew other numbers than the \
      first time. The same state must always replay the same sequence (Step 4).
      """)
    #expect(
      allDifferent,
      """
      Generators made with the states 0 to 9 drew only \(Set(first).count) different sequences of \
      8 numbers instead of 10. Start from the state passed to `init(state:)` and mix it as \
      SplitMix64 does (Step 4).
      """)
  }

  @Test func sameStateShufflesTheSameWay() {
    let deck = Array(1...52)
    var first = ControllableGenerators.ReplayableRandomNumberGenerator(state: 7)
    var second = ControllableGenerators.ReplayableRandomNumberGenerator(state: 7)
    let firstShuffle = deck.shuffled(using: &first)
    let secondShuffle = deck.shuffled(using: &second)
    let shuffled = firstShuffle != deck
    let replayed = firstShuffle == secondShuffle
    #expect(
      shuffled,
      """
      Shuffling a 52-card deck with a generator made from state 7 left the deck in order: the \
      generator does not produce random-looking numbers yet (Step 4).
      """)
    #expect(
      replayed,
      """
      Two generators made from state 7 shuffled a deck differently. With the same state, every \
      shuffle and every roll must come out the same (Step 4).
      """)
  }
}

@Suite("Step 5: WithRandomNumberGenerator lends one generator to one call at a time")
struct WithRandomNumberGeneratorTests {
  @Test func drawsFromTheGeneratorItWraps() {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    let drawn = random { [$0.next(), $0.next(), $0.next()] }
    #expect(
      drawn == [0, 1, 2],
      """
      Wrapping a generator that returns 0, 1, 2, …, one call drew \(shownDrawn(drawn)) instead of \
      0, 1 and 2. Hand `work` the generator passed to `init`, not another one (Step 5).
      """)
  }

  @Test func eachCallContinuesWhereTheLastStopped() {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    let drawn = [random { $0.next() }, random { $0.next() }, random { $0.next() }]
    #expect(
      drawn == [0, 1, 2],
      """
      Wrapping a generator that returns 0, 1, 2, …, three calls drawing one number each drew \
      \(shownDrawn(drawn)) instead of 0, then 1, then 2. Every call must draw from the generator \
      passed to `init` and continue it where the last call stopped: keep it in a `LockIsolated` \
      and lend it with `&` inside `withValue` (Step 5).
      """)
  }

  @Test func callsFromManyTasksShareOneSequence() async {
    let random = ControllableGenerators.WithRandomNumberGenerator(CountingRandomNumberGenerator())
    let pairs = await fromManyTasks(1_000) { random { [$0.next(), $0.next()] } }
    let everyPairConsecutive = pairs.allSatisfy {
      $0.count == 2 && $0[0] % 2 == 0 && $0[1] == $0[0] + 1
    }
    let broken = pairs.first { $0.count != 2 || $0[0] % 2 != 0 || $0[1] != $0[0] + 1 } ?? []
    let distinct = Set(pairs.flatMap { $0 })
    let eachNumberOnce = distinct == Set(0..<2_000)
    // Which call drew what depends on how the tasks ran, so the messages quote no numbers.
    let brokenCall =
      broken.contains { $0 >= 1_000_000 }
      ? """
      at least one call drew large numbers, which that generator had not reached, instead of an \
      even number and the next one, like 6 and 7
      """
      : """
      at least one call drew two numbers that were not an even number and the next one, like 6 \
      and 7
      """
    #expect(
      everyPairConsecutive,
      """
      1000 tasks each drew two numbers in one call, at the same time, from a generator that \
      returns 0, 1, 2, …; \(brokenCall). Every call must draw from the generator passed to \
      `init`, with the lock held for the whole of `work`: call it inside one `withValue` (Step 5).
      """)
    let together =
      if distinct == [0, 1] {
        "every call drew 0 and 1, the generator's first two numbers,"
      } else if distinct.count < 2_000 {
        "together they drew some numbers more than once,"
      } else {
        "together they drew 2000 different numbers, but not 0 to 1999,"
      }
    #expect(
      eachNumberOnce,
      """
      1000 tasks each drew two numbers at the same time from a generator that returns 0, 1, 2, …; \
      \(together) instead of each of 0 to 1999 exactly once. All calls must share the one \
      generator passed to `init`, behind the lock (Step 5).
      """)
  }

  @Test func theDiceGameReplaysItsRolls() {
    let first = DiceGame(
      withRandomNumberGenerator: ControllableGenerators.WithRandomNumberGenerator(
        ControllableGenerators.ReplayableRandomNumberGenerator(state: 2_024)))
    let second = DiceGame(
      withRandomNumberGenerator: ControllableGenerators.WithRandomNumberGenerator(
        ControllableGenerators.ReplayableRandomNumberGenerator(state: 2_024)))
    for _ in 0..<10 {
      first.rollButtonTapped()
      second.rollButtonTapped()
    }
    let replayed = first.rolls == second.rolls
    let notAlwaysTheSame = Set(first.rolls).count > 1
    #expect(
      replayed,
      """
      Two dice games given generators made from the same state rolled different dice. Every \
      call must draw from the generator passed to `init` (Step 5, and Step 4 for the replayable \
      generator).
      """)
    #expect(
      notAlwaysTheSame,
      """
      A dice game rolled the same pair of dice, \(first.rolls.first ?? []), 10 times in a row. \
      Each call must continue the generator where the previous call stopped, not start again from \
      a copy (Step 5). If Step 4 still fails, fix it first: a generator that repeats one number \
      rolls one pair.
      """)
  }
}
