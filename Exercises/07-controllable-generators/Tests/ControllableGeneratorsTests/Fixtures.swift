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
