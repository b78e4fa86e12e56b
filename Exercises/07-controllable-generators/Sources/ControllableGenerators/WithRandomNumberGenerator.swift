import ConcurrencyExtras

/// For features that roll dice, shuffle or pick at random: draw from this instead of the system
/// generator, so a test can replay the same "random" choices.
///
/// A model calls it with a closure and uses the generator the closure receives:
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
///   func rollButtonTapped() {
///     dice = withRandomNumberGenerator { generator in
///       (Int.random(in: 1...6, using: &generator), Int.random(in: 1...6, using: &generator))
///     }
///   }
/// }
/// ```
///
/// A test hands it a ``ReplayableRandomNumberGenerator``, so every run rolls the same dice:
///
/// ```swift
/// let model = GameModel(
///   withRandomNumberGenerator: WithRandomNumberGenerator(ReplayableRandomNumberGenerator(state: 0))
/// )
/// ```
///
/// There is one generator behind a value and all its copies, shared by every task that uses
/// it: each call has it to itself, and the next call continues where the last one stopped.
public struct WithRandomNumberGenerator: Sendable {
  // Step 5: add a stored property holding one generator behind a lock (`LockIsolated`, of
  // any `RandomNumberGenerator & Sendable`). Every copy of this value must share it, so that
  // every call draws from the same generator and no two calls draw at once.

  /// For choosing where randomness comes from: the system generator in the app, a replayable
  /// one in tests.
  ///
  /// ```swift
  /// let live = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  /// let replayable = WithRandomNumberGenerator(ReplayableRandomNumberGenerator(state: 42))
  /// ```
  ///
  /// - Parameter generator: The generator every call draws from, in turn.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    // Step 5: lock up the generator you are given: every call draws from it, never from one
    // of your own.
  }

  /// For the feature's side: lends the generator to `work` and returns what `work` returns.
  ///
  /// Other calls wait until `work` is done, so a shuffle or a series of rolls is never mixed
  /// with another call's. What `work` drew stays drawn, even when it throws.
  ///
  /// ```swift
  /// let hand = withRandomNumberGenerator { generator in
  ///   Array(deck.shuffled(using: &generator).prefix(5))
  /// }
  /// ```
  ///
  /// Inside `work`, draw from the generator you were given; do not call this value again from
  /// there (the inner call would work on a copy and repeat numbers).
  ///
  /// - Parameter work: Draws what it needs from the generator.
  /// - Returns: What `work` returns.
  public func callAsFunction<R: Sendable>(
    _ work: @Sendable (inout any RandomNumberGenerator & Sendable) throws -> R
  ) rethrows -> R {
    // Step 5: lend `work` the one stored generator and return what `work` returns. Hold the
    // lock for the whole of `work`, so that no other call draws in between, and let `work`
    // advance the stored generator itself, not a copy, so that the next call continues the
    // sequence and what was drawn stays drawn, even when `work` throws. (This fresh system
    // generator, thrown away after each call, is a placeholder.)
    var placeholder: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    return try work(&placeholder)
  }
}
