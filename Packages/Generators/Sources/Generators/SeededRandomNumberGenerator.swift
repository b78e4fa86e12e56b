/// For tests that need randomness they can replay: the same seed always gives the same
/// sequence of numbers, on every run and every machine.
///
/// It is SplitMix64, a small, fast generator with good statistical spread. It is **not** for
/// security: anyone who sees a few outputs can predict the rest. Use
/// `SystemRandomNumberGenerator` for tokens, keys and anything an attacker could guess.
///
/// A test gives it to the feature, and two runs with one seed make the same choices:
///
/// ```swift
/// @Test func shufflingIsReplayable() {
///   var first = SeededRandomNumberGenerator(seed: 7)
///   var second = SeededRandomNumberGenerator(seed: 7)
///   #expect((1...10).shuffled(using: &first) == (1...10).shuffled(using: &second))
///
///   let model = GameModel(
///     withRandomNumberGenerator: WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7)))
///   model.rollDice()
/// }
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// For starting a replayable sequence: equal seeds give equal sequences, and different seeds
  /// give unrelated ones.
  ///
  /// ```swift
  /// var generator = SeededRandomNumberGenerator(seed: 0)
  /// generator.next()  // 0xE220_A839_7B1D_CDAF, on every run
  /// ```
  ///
  /// - Parameter seed: Any value, zero included.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// For `RandomNumberGenerator`: the next 64 random bits of the sequence.
  ///
  /// Usually called for you by the standard library, as in
  /// `Int.random(in: 1...6, using: &generator)` or `deck.shuffled(using: &generator)`.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
