/// For tests that need randomness they can replay: two generators made with the same `state`
/// produce the same numbers, in the same order, on every run and every machine.
///
/// It is SplitMix64, a tiny generator with a well-known, published output. It is **not** for
/// security: a few outputs are enough to predict the rest. Keep `SystemRandomNumberGenerator`
/// for tokens, passwords and anything an attacker could try to guess.
///
/// ```swift
/// var first = ReplayableRandomNumberGenerator(state: 7)
/// var second = ReplayableRandomNumberGenerator(state: 7)
/// (1...10).shuffled(using: &first) == (1...10).shuffled(using: &second)  // true
/// ```
public struct ReplayableRandomNumberGenerator: RandomNumberGenerator, Sendable {
  // Step 4: add the generator's only stored property, `private var state: UInt64`.

  /// For starting a sequence you can replay: equal states give equal sequences; different
  /// states give unrelated ones.
  ///
  /// ```swift
  /// var generator = ReplayableRandomNumberGenerator(state: 0)
  /// generator.next()  // 0xE220_A839_7B1D_CDAF, on every run
  /// ```
  ///
  /// - Parameter state: Where the sequence starts. Any value, 0 included.
  public init(state: UInt64) {
    // Step 4: keep `state` in your stored property.
  }

  /// For `RandomNumberGenerator`: the next 64 random bits of the sequence.
  ///
  /// You rarely call it yourself: the standard library does, in
  /// `Int.random(in: 1...6, using: &generator)` or `deck.shuffled(using: &generator)`.
  public mutating func next() -> UInt64 {
    // Step 4: SplitMix64, with wrapping arithmetic (`&+=`, `&*`) throughout:
    //   1. add 0x9E37_79B9_7F4A_7C15 to the stored state (and keep the new state);
    //   2. copy the new state into a local `bits`;
    //   3. bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    //   4. bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    //   5. return bits ^ (bits >> 31)
    // (This placeholder draws from the system's randomness, which no test can replay.)
    return UInt64.random(in: .min ... .max)
  }
}
