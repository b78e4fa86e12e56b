import ConcurrencyExtras
import ControllableGenerators
import Foundation

// A small app the tests drive, written against YOUR generators (module `ControllableGenerators`):
// a to-do list that stamps each item with an identifier and a date, and a dice game.

/// One item of the to-do list.
struct Todo: Equatable, Sendable {
  var id: UUID
  var title: String
  var createdAt: Date
}

/// A to-do list that gets identifiers and dates from the generators it is given, never from
/// `UUID()` or `Date()`.
final class TodosModel {
  private(set) var todos: [Todo] = []
  let uuid: ControllableGenerators.UUIDGenerator
  let date: ControllableGenerators.DateGenerator

  init(
    uuid: ControllableGenerators.UUIDGenerator,
    date: ControllableGenerators.DateGenerator
  ) {
    self.uuid = uuid
    self.date = date
  }

  func addTodo(_ title: String) {
    todos.append(Todo(id: uuid(), title: title, createdAt: date.now))
  }
}

/// A dice game that draws every random choice from the generator it is given.
final class DiceGame {
  private(set) var rolls: [[Int]] = []
  let withRandomNumberGenerator: ControllableGenerators.WithRandomNumberGenerator

  init(withRandomNumberGenerator: ControllableGenerators.WithRandomNumberGenerator) {
    self.withRandomNumberGenerator = withRandomNumberGenerator
  }

  /// Rolls two six-sided dice and records them.
  func rollButtonTapped() {
    rolls.append(
      withRandomNumberGenerator { generator in
        [Int.random(in: 1...6, using: &generator), Int.random(in: 1...6, using: &generator)]
      }
    )
  }

  /// The order in which `players` take their turns this round.
  func turnOrder(of players: [String]) -> [String] {
    withRandomNumberGenerator { players.shuffled(using: &$0) }
  }
}

/// A stand-in random number generator that returns 0, 1, 2, … so a test can tell exactly which
/// numbers each call drew.
struct CountingRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var count: UInt64 = 0

  mutating func next() -> UInt64 {
    defer { count += 1 }
    return count
  }
}

/// A date generator whose clock moves one second forward on every read, starting at
/// 1970-01-01 00:00:00 UTC.
func tickingDates() -> ControllableGenerators.DateGenerator {
  let seconds = LockIsolated(0.0)
  return ControllableGenerators.DateGenerator {
    seconds.withValue { now in
      defer { now += 1 }
      return Date(timeIntervalSince1970: now)
    }
  }
}

/// Calls `generate` `count` times from as many tasks at once and returns every result.
func fromManyTasks<Value: Sendable>(
  _ count: Int, _ generate: @escaping @Sendable () -> Value
) async -> [Value] {
  await withTaskGroup(of: Value.self) { group in
    for _ in 0..<count {
      group.addTask { generate() }
    }
    var values: [Value] = []
    for await value in group {
      values.append(value)
    }
    return values
  }
}

// MARK: - How messages show what a test observed
//
// A learner graded twice must read the same words twice, so a message quotes an observed value
// only when it is the same on every run. Values that are not (random UUIDs, the current time,
// numbers from another generator, UUIDs from a counter that tests running at the same time
// share) are told in words instead.

/// Whether `id` is a random UUID, of the kind `UUID()` makes (version 4): one that is different
/// on every run.
func isRandom(_ id: UUID) -> Bool {
  let characters = Array(id.uuidString)
  return characters[14] == "4" && "89AB".contains(characters[19])
}

/// `UUID(7)` for an identifier that `UUID(_:)` makes from a small number, the full text for any
/// other.
private func named(_ id: UUID) -> String {
  let prefix = "00000000-0000-0000-"
  let text = id.uuidString
  let digits = text.dropFirst(prefix.count).filter { $0 != "-" }
  guard text.hasPrefix(prefix), let value = Int(digits, radix: 16) else { return text }
  return "UUID(\(value))"
}

/// What a message adds after random UUIDs, to say why it does not quote them.
private let randomUUIDs = "(of the kind `UUID()` makes, different on every run)"

/// How a message shows an identifier: `UUID(7)` for one that `UUID(_:)` makes from a small
/// number, words for a random one, the full text for any other.
func shown(_ id: UUID) -> String {
  isRandom(id) ? "a random UUID \(randomUUIDs)" : named(id)
}

/// How a message shows identifiers: `[UUID(0), UUID(1)]`, with random ones told in words.
func shown(_ ids: [UUID]) -> String {
  let random = ids.filter(isRandom)
  if random.isEmpty {
    return "[\(ids.map(named).joined(separator: ", "))]"
  }
  if random.count < ids.count {
    let names = ids.map { isRandom($0) ? "a random UUID" : named($0) }
    return "[\(names.joined(separator: ", "))] \(randomUUIDs)"
  }
  let different = Set(ids).count
  let which =
    if ids.count == 1 {
      "a random UUID"
    } else if different == 1 {
      "the same random UUID \(ids.count) times"
    } else if different == ids.count {
      "\(ids.count) different random UUIDs"
    } else {
      "\(ids.count) random UUIDs, \(different) of them different"
    }
  return "\(which) \(randomUUIDs)"
}

/// Whether the uses of `.incrementing` share one counter: two new generators, called once each,
/// gave two different UUIDs, neither of them random. Which UUIDs a use gets then depends on how
/// far the other uses, in this test and in the tests running at the same time, have moved the
/// counter: it differs from run to run.
func incrementingSharesACounter() -> Bool {
  let first = ControllableGenerators.UUIDGenerator.incrementing
  let second = ControllableGenerators.UUIDGenerator.incrementing
  let ids = [first(), second()]
  return !ids.contains(where: isRandom) && ids[0] != ids[1]
}

/// Words for UUIDs that `.incrementing` generators made, when they differ from run to run: random
/// ones, or ones from a counter that every use shares. Nil when they are the same on every run.
private func unsteadyFromIncrementing(_ ids: [UUID]) -> String? {
  if ids.contains(where: isRandom) { return shown(ids) }
  guard incrementingSharesACounter() else { return nil }
  let what = ids.count == 1 ? "a UUID" : "UUIDs"
  return """
    \(what) from a counter shared with other uses of `.incrementing`, which had already moved it \
    on (which ones depends on the tests running at the same time, and differs from run to run)
    """
}

/// How a message shows the UUIDs that `.incrementing` generators made: as `shown(_:)` does, or
/// in words when they differ from run to run (see `incrementingSharesACounter()`).
func shownFromIncrementing(_ ids: [UUID]) -> String {
  unsteadyFromIncrementing(ids) ?? shown(ids)
}

/// The full text of UUIDs that `.incrementing` generators made, joined ("A, B and C"), for a
/// message about how they are spelled; in words when they differ from run to run.
func spelledFromIncrementing(_ ids: [UUID]) -> String {
  if let words = unsteadyFromIncrementing(ids) { return words }
  let texts = ids.map(\.uuidString)
  guard texts.count > 1 else { return texts.joined() }
  return "\(texts.dropLast().joined(separator: ", ")) and \(texts[texts.count - 1])"
}

/// Whether `date` is the current time (within an hour of now): the real clock's, different on
/// every run.
func isCurrentTime(_ date: Date) -> Bool {
  abs(date.timeIntervalSinceNow) < 3_600
}

/// What a message adds after the current time, to say why it does not quote it.
private let currentTime = "(the real clock's, different on every run)"

/// How a message shows a date: as `Date` prints it (`1970-01-01 00:00:00 +0000`), or in words
/// when it is the current time.
func shown(_ date: Date) -> String {
  isCurrentTime(date) ? "the current time \(currentTime)" : "\(date)"
}

/// How a message shows dates: `[1970-01-01 00:00:00 +0000, …]`, with the current time told in
/// words.
func shown(_ dates: [Date]) -> String {
  let current = dates.filter(isCurrentTime).count
  if current == 0 { return "\(dates)" }
  if current == dates.count {
    return dates.count == 1 ? shown(dates[0]) : "the current time each time \(currentTime)"
  }
  let names = dates.map { isCurrentTime($0) ? "the current time" : "\($0)" }
  return "[\(names.joined(separator: ", "))] \(currentTime)"
}

/// How a message shows 64-bit random numbers: in hexadecimal, as the lesson writes them.
func hex(_ numbers: [UInt64]) -> String {
  let each = numbers.map { number in
    let digits = String(number, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
  }
  return "[\(each.joined(separator: ", "))]"
}

/// How a message shows what a `ReplayableRandomNumberGenerator` made with `state` drew, after
/// `skipped` numbers: `format(numbers)` when a second generator made with the same state draws
/// them again, otherwise words (they do not follow from the state alone, so they may differ from
/// run to run).
func shownReplayable(
  _ numbers: [UInt64], state: UInt64, skipping skipped: Int = 0,
  format: ([UInt64]) -> String = hex
) -> String {
  var again = ControllableGenerators.ReplayableRandomNumberGenerator(state: state)
  for _ in 0..<skipped { _ = again.next() }
  let drawnAgain = numbers.map { _ in again.next() }
  if drawnAgain == numbers { return format(numbers) }
  return """
    numbers that a second generator made from the same state did not draw again (they do not \
    follow from the state alone)
    """
}

/// How a message shows numbers drawn through a wrapper of a `CountingRandomNumberGenerator`,
/// which returns 0, 1, 2, …: as they are, except numbers it cannot have reached in a test (a
/// million or more), which come from another generator and are told in words.
func shownDrawn(_ numbers: [UInt64]) -> String {
  let isLarge = { (number: UInt64) in number >= 1_000_000 }
  let large = numbers.filter(isLarge).count
  if large == 0 { return numbers.count == 1 ? "\(numbers[0])" : "\(numbers)" }
  if large == numbers.count {
    return numbers.count == 1
      ? "a large number (not from the wrapped generator)"
      : "\(numbers.count) large numbers (none of them from the wrapped generator)"
  }
  let names = numbers.map { isLarge($0) ? "a large number" : "\($0)" }
  return "[\(names.joined(separator: ", "))] (the large ones not from the wrapped generator)"
}
