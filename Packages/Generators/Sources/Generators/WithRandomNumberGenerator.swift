/// For features that roll dice, shuffle or pick at random: draw randomness from this instead of
/// the system generator, so tests can replay the same "random" choices.
///
/// A model calls it with a closure and uses the generator it is given:
///
/// ```swift
/// final class GameModel {
///   var dice = (1, 1)
///   let withRandomNumberGenerator: WithRandomNumberGenerator
///
///   init(
///     withRandomNumberGenerator: WithRandomNumberGenerator =
///       WithRandomNumberGenerator(SystemRandomNumberGenerator())
///   ) {
///     self.withRandomNumberGenerator = withRandomNumberGenerator
///   }
///
///   func rollDice() {
///     dice = withRandomNumberGenerator { generator in
///       (Int.random(in: 1...6, using: &generator), Int.random(in: 1...6, using: &generator))
///     }
///   }
/// }
/// ```
///
/// A test supplies a seeded generator, so every run rolls the same dice:
///
/// ```swift
/// @Test func rolling() {
///   let first = GameModel(
///     withRandomNumberGenerator: WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0)))
///   let second = GameModel(
///     withRandomNumberGenerator: WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0)))
///   first.rollDice()
///   second.rollDice()
///   #expect(first.dice == second.dice)
/// }
/// ```
///
/// One generator is shared by all copies of a value and by all tasks using it; each call has it
/// to itself, and the next call continues where the last one stopped.
public struct WithRandomNumberGenerator: Sendable {
  private let shared: SharedRandomNumberGenerator

  /// For choosing where randomness comes from: the system generator in the app, a seeded one in
  /// tests.
  ///
  /// ```swift
  /// let live = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  /// let replayable = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 42))
  /// ```
  ///
  /// - Parameter generator: The generator every call draws from, in turn.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.shared = SharedRandomNumberGenerator(generator)
  }

  /// For the feature's side: lends the generator to `work` and returns what `work` returns.
  ///
  /// Calls from other tasks wait until `work` is done, so a shuffle or a series of rolls is
  /// never interleaved with another's. Whatever `work` drew stays drawn, even if it throws.
  ///
  /// ```swift
  /// let deck = withRandomNumberGenerator { generator in
  ///   cards.shuffled(using: &generator)
  /// }
  /// ```
  ///
  /// Inside `work`, use the generator it was given rather than calling this value again: a
  /// nested call gets a copy that repeats the outer call's numbers, and reports an issue.
  ///
  /// - Parameter work: Draws what it needs from the generator.
  /// - Returns: The value `work` returns.
  public func callAsFunction<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> Result
  ) rethrows -> Result {
    try shared.withGenerator(work)
  }
}
