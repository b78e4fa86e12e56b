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
  #if SOLUTION
    /// Everything the generator remembers: the next call continues from here.
    private var state: UInt64
  #else
    // Step 4: add the generator's whole memory, one `UInt64` called the state, kept private.
    // Everything it draws follows from it, so equal states replay equal sequences.
  #endif

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
    #if SOLUTION
      self.state = state
    #else
      // Step 4: start the sequence from the state you are given (any value, 0 included).
    #endif
  }

  /// For `RandomNumberGenerator`: the next 64 random bits of the sequence.
  ///
  /// You rarely call it yourself: the standard library does, in
  /// `Int.random(in: 1...6, using: &generator)` or `deck.shuffled(using: &generator)`.
  public mutating func next() -> UInt64 {
    #if SOLUTION
      state &+= 0x9E37_79B9_7F4A_7C15
      var bits = state
      bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
      bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
      return bits ^ (bits >> 31)
    #else
      // Step 4: SplitMix64, the lesson's five steps: move the stored state on by the constant
      // and keep the new state, then mix a copy of it and return the result. The numbers
      // overflow on purpose, so all the arithmetic must wrap, and the state must move on at
      // every call (a generator stuck on one number can make a dice roll loop forever). From
      // state 0, the first two numbers are 0xE220_A839_7B1D_CDAF and 0x6E78_9E6A_A1B9_65F4.
      // (This placeholder draws from the system's randomness, which no test can replay.)
      return UInt64.random(in: .min ... .max)
    #endif
  }
}
